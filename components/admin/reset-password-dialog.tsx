'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { deferred, earlyClicks } from '@/components/ui/deferred';

interface ResetPasswordProps {
  userId: string;
  email: string;
}

/** Per user id. */
export const resetPasswordClicks = earlyClicks();

/** Until the dialog's code arrives: the same button, saying it opens a dialog. */
function ResetPasswordPlaceholder({ userId }: ResetPasswordProps) {
  const [waiting, setWaiting] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={waiting || undefined}
      onClick={() => {
        resetPasswordClicks.remember(userId);
        setWaiting(true);
      }}
    >
      Reset password
    </Button>
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
