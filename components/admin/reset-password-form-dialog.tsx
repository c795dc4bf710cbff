'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { ResetPasswordInput } from '../../lib/users/user.schema';
import { resetPasswordClicks } from './reset-password-dialog';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const resetPasswordResolver = lazyZodResolver(() =>
  import('../../lib/users/user.schema').then((schemas) => schemas.resetPasswordSchema),
);

export function ResetPasswordFormDialog({ userId, email }: { userId: string; email: string }) {
  // Open at once when the button was clicked before this code arrived (./reset-password-dialog.tsx).
  const [open, setOpen] = useState(() => resetPasswordClicks.take(userId));
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordInput>({
    resolver: resetPasswordResolver,
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
  const { errors } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setDone(false);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Reset password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Reset the password of {email}</DialogTitle>
        <DialogDescription>
          Their open sessions end; they sign in again with the new password.
        </DialogDescription>
        {done ? (
          <Alert tone="info">
            <p>The password was changed.</p>
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {reset.failureMessage ? (
              <Alert tone="danger">
                <p>{reset.failureMessage}</p>
              </Alert>
            ) : null}
            <FormField label="New password" hint="At least 12 characters." error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={reset.isPending}>
                Set password
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
