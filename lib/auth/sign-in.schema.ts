import { z } from 'zod';

export const signInSchema = z.object({
  email: z.email('Enter a valid email address').max(254),
  password: z.string().min(1, 'Enter your password').max(1_000),
  next: z.string().max(2_000).optional(),
});

export type SignInInput = z.input<typeof signInSchema>;
