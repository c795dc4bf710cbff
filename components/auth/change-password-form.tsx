'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import type { ChangePasswordInput } from '../../lib/auth/change-password.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const changePasswordResolver = lazyZodResolver(async () => {
  const [{ zodResolver }, { changePasswordSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../../lib/auth/change-password.schema'),
  ]);
  return zodResolver(changePasswordSchema);
});

export function ChangePasswordForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<ChangePasswordInput>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { redirectTo } = await apiFetch<{ redirectTo: string }>('/api/account/password', {
        method: 'POST',
        json: values,
      });
      setDone(true);
      form.reset();
      // A full navigation: pages held back until the change render again for this session.
      window.location.assign(redirectTo);
    } catch (error) {
      setFailure(problemMessage(error, 'The password could not be changed.'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      {failure ? (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="info">
          <p>Password changed. Your other sessions have been signed out.</p>
        </Alert>
      ) : null}
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField
        label="New password"
        hint="At least 12 characters; a passphrase works well. Passwords known from breaches are refused."
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
