import { z } from 'zod';
import { passwordSchema } from '@/lib/policy/password';
import { ROLES } from '@/lib/policy/roles';

const roleSchema = z.enum(ROLES, { error: 'Choose a role' });

export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(120),
  email: z.email('Enter a valid email address').max(254),
  role: roleSchema,
  password: passwordSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({ role: roleSchema.optional(), active: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.active !== undefined, {
    message: 'Give a role or an active state',
    path: ['role'],
  });

export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const userIdParams = z.object({ userId: z.string().min(1).max(100) });
