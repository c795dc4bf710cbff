import { z } from 'zod';
import { PASSWORD_REPEAT_MISMATCH, passwordSchema } from '@/lib/policy/password';

/** A user changing their own password: the current one proves it is them. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(1_000),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, PASSWORD_REPEAT_MISMATCH);

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
