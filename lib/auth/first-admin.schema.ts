import { z } from 'zod';
import { PASSWORD_REPEAT_MISMATCH, passwordSchema } from '@/lib/policy/password';

export const firstAdminSchema = z
  .object({
    token: z.string().min(10).max(200),
    name: z.string().trim().min(1, 'Enter a name').max(120),
    email: z.email('Enter a valid email address').max(254),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, PASSWORD_REPEAT_MISMATCH);

export type FirstAdminInput = z.input<typeof firstAdminSchema>;
