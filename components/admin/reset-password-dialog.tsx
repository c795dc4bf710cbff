'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';

/**
 * "Reset password" and its dialog (./reset-password-form-dialog.tsx), one per row of the users
 * table. The dialog, react-hook-form and the schema load after the page hydrates.
 */
export const ResetPasswordDialog = lazyDialog({
  dialog: () => import('./reset-password-form-dialog').then((module) => module.ResetPasswordFormDialog),
  schema: () => import('../../lib/users/user.schema').then((schemas) => schemas.resetPasswordSchema),
  trigger: () => ({ variant: 'outline', size: 'sm', children: 'Reset password' }),
  clickKey: ({ userId }: { userId: string; email: string }) => userId,
});
