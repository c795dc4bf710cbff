'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TriggeredDialog } from '@/components/ui/dialog';
import { FormInput, NEW_PASSWORD } from '@/components/ui/form-field';
import type { LazyDialogParts } from '@/components/ui/lazy-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { ResetPasswordInput, resetPasswordSchema } from '../../lib/users/user.schema';

/** Loaded by ./reset-password-dialog.tsx, which gives it the schema's resolver. */
export function ResetPasswordFormDialog({
  userId,
  email,
  openAtFirst,
  resolver,
}: { userId: string; email: string } & LazyDialogParts<typeof resetPasswordSchema>) {
  const [open, setOpen] = useState(openAtFirst);
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver,
    defaultValues: { password: '' },
  });
  const reset = useApiMutation({
    mutationFn: (values: ResetPasswordInput) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/password`, { method: 'POST', json: values }),
    failure: 'The password could not be changed.',
    form,
    onSuccess: () => {
      form.reset();
      setDone(true);
    },
  });
  const onSubmit = form.handleSubmit((values) => reset.mutate(values));
  return (
    <TriggeredDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setDone(false);
      }}
      trigger={
        <Button variant="outline" size="sm">
          Reset password
        </Button>
      }
      title={<>Reset the password of {email}</>}
      description="Their open sessions end; they sign in again with the new password."
    >
      {done ? (
        <Alert tone="info">
          <p>The password was changed.</p>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FailureAlert message={reset.failureMessage} />
          <FormInput
            form={form}
            name="password"
            label="New password"
            hint="At least 12 characters."
            {...NEW_PASSWORD}
          />
          <DialogFooter>
            <SubmitButton busy={reset.isPending}>Set password</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </TriggeredDialog>
  );
}
