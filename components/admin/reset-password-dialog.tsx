'use client';

import { DialogTriggerPlaceholder, deferred, earlyClicks } from '@/components/ui/deferred';

interface ResetPasswordProps {
  userId: string;
  email: string;
}

/** Per user id. */
export const resetPasswordClicks = earlyClicks();

/** Until the dialog's code arrives: the same button, saying it opens a dialog. */
function ResetPasswordPlaceholder({ userId }: ResetPasswordProps) {
  return (
    <DialogTriggerPlaceholder clicks={resetPasswordClicks} clickKey={userId} variant="outline" size="sm">
      Reset password
    </DialogTriggerPlaceholder>
  );
}

/**
 * "Reset password" and its dialog (./reset-password-form-dialog.tsx), one per row of the users
 * table. The dialog, react-hook-form and the schema load after the page hydrates.
 */
export const ResetPasswordDialog = deferred(
  () => import('./reset-password-form-dialog').then((module) => module.ResetPasswordFormDialog),
  ResetPasswordPlaceholder,
);
