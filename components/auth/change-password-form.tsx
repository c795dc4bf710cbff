'use client';

import { useForm } from 'react-hook-form';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { CURRENT_PASSWORD, FormInput, NEW_PASSWORD } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { ChangePasswordInput } from '../../lib/auth/change-password.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const changePasswordResolver = lazyZodResolver(() =>
  import('../../lib/auth/change-password.schema').then((schemas) => schemas.changePasswordSchema),
);

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useApiMutation({
    mutationFn: (values: ChangePasswordInput) =>
      apiFetch<{ redirectTo: string }>('/api/account/password', { method: 'POST', json: values }),
    failure: 'The password could not be changed.',
    form,
    onSuccess: ({ redirectTo }) => {
      form.reset();
      // A full navigation: pages held back until the change render again for this session.
      window.location.assign(redirectTo);
    },
  });
  const onSubmit = form.handleSubmit((values) => change.mutate(values));
  // Until the next page loads, the form stays as it was sent.
  const busy = change.isPending || change.isSuccess;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <FailureAlert message={change.failureMessage} />
      {change.isSuccess ? (
        <Alert tone="info">
          <p>Password changed. Your other sessions have been signed out.</p>
        </Alert>
      ) : null}
      <FormInput form={form} name="currentPassword" label="Current password" {...CURRENT_PASSWORD} />
      <FormInput
        form={form}
        name="newPassword"
        label="New password"
        hint="At least 12 characters; a passphrase works well. Passwords known from breaches are refused."
        {...NEW_PASSWORD}
      />
      <FormInput form={form} name="confirmPassword" label="Repeat the new password" {...NEW_PASSWORD} />
      <SubmitButton busy={busy} busyLabel="Changing…" className="self-start">
        Change password
      </SubmitButton>
    </form>
  );
}
