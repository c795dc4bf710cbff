'use client';

import { useForm } from 'react-hook-form';
import { FailureAlert } from '@/components/ui/alert';
import { FormInput, NEW_PASSWORD } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { FirstAdminInput } from '../../lib/auth/first-admin.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const firstAdminResolver = lazyZodResolver(() =>
  import('../../lib/auth/first-admin.schema').then((schemas) => schemas.firstAdminSchema),
);

export function FirstAdminForm({ token }: { token: string }) {
  const form = useForm<FirstAdminInput>({
    resolver: firstAdminResolver,
    defaultValues: { token, name: '', email: '', password: '', confirmPassword: '' },
  });
  const create = useApiMutation({
    mutationFn: (values: FirstAdminInput) => apiFetch('/api/setup', { method: 'POST', json: values }),
    failure: 'The account could not be created.',
    form,
    onSuccess: () => window.location.assign('/sign-in'),
  });
  const onSubmit = form.handleSubmit((values) => create.mutate(values));
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FailureAlert message={create.failureMessage} />
      <FormInput form={form} name="name" label="Name" autoComplete="name" />
      <FormInput form={form} name="email" label="Email" type="email" autoComplete="username" />
      <FormInput
        form={form}
        name="password"
        label="Password"
        hint="At least 12 characters; a passphrase works well."
        {...NEW_PASSWORD}
      />
      <FormInput form={form} name="confirmPassword" label="Repeat the password" {...NEW_PASSWORD} />
      <SubmitButton busy={create.isPending || create.isSuccess}>Create administrator</SubmitButton>
    </form>
  );
}
