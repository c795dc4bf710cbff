// Pure: shared by forms in the browser and by the server.
import { z } from 'zod';

// Long passphrases over composition rules (NIST SP 800-63B): a length floor, a sane ceiling, and
// a refusal of the obvious. Shared by sign-up by an admin, resets and the first-admin set-up.
const COMMON = new Set([
  'password1234',
  'passwordpassword',
  '123456789012',
  'qwertyuiopas',
  'annuityconsole',
]);

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => new Set(value).size >= 5, 'Use more varied characters')
  .refine((value) => !COMMON.has(value.toLowerCase()), 'This password is too common');

/**
 * Where a form that asks for the new password twice reports a mismatch: on the repeat field, the
 * one the user typed last.
 */
export const PASSWORD_REPEAT_MISMATCH = { path: ['confirmPassword'], message: 'The passwords do not match' };
