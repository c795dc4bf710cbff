'use client';

import { useForm } from 'react-hook-form';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
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
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FailureAlert message={create.failureMessage} />
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        hint="At least 12 characters; a passphrase works well."
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Repeat the password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={create.isPending || create.isSuccess}>
        Create administrator
      </Button>
    </form>
  );
}
