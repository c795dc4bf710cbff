'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import type { FirstAdminInput } from '../../lib/auth/first-admin.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const firstAdminResolver = lazyZodResolver(async () => {
  const [{ zodResolver }, { firstAdminSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../../lib/auth/first-admin.schema'),
  ]);
  return zodResolver(firstAdminSchema);
});

export function FirstAdminForm({ token }: { token: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FirstAdminInput>({
    resolver: firstAdminResolver,
    defaultValues: { token, name: '', email: '', password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch('/api/setup', { method: 'POST', json: values });
      window.location.assign('/sign-in');
    } catch (error) {
      setFailure(problemMessage(error, 'The account could not be created.'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure ? (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
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
      <Button type="submit" disabled={isSubmitting}>
        Create administrator
      </Button>
    </form>
  );
}
