import { z } from 'zod';
import { CLIENT_ID_PATTERN } from '@/lib/clients/chosen-client';
import { passwordSchema } from '@/lib/policy/password';
import { ROLES } from '@/lib/policy/roles';

const roleSchema = z.enum(ROLES, { error: 'Choose a role' });

const clientIdsSchema = z.array(z.string().regex(CLIENT_ID_PATTERN, 'must be a client id')).max(500);

export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(120),
  email: z.email('Enter a valid email address').max(254),
  role: roleSchema,
  password: passwordSchema,
  // The clients the new user works for, these only: a client added later is granted by an
  // administrator, never by itself. None is allowed (the user then sees nothing until granted),
  // and is what a request that does not say gets.
  clients: clientIdsSchema.default([]),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The clients a user works for: all of them (those added later too), or the ids listed. */
const clientsSchema = z.union([z.literal('all'), clientIdsSchema]);

export const updateUserSchema = z
  .object({ role: roleSchema.optional(), active: z.boolean().optional(), clients: clientsSchema.optional() })
  .refine((value) => value.role !== undefined || value.active !== undefined || value.clients !== undefined, {
    message: 'Give a role, an active state or the clients',
    path: ['role'],
  });

export const resetPasswordSchema = z.object({ password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const userIdParams = z.object({ userId: z.string().min(1).max(100) });
