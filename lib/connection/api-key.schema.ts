import { z } from 'zod';
import { ENVIRONMENT_KEY_ID } from './api-key-views';

/**
 * Input of the API key routes. Server-side only today: the admin panel sends plain
 * JSON and shows the route's 400, so zod stays out of the browser.
 */

/** A calendar date the admin reads off the operator's message; the key is taken to end that day (UTC). */
const expiryDate = z.iso
  .date({ error: 'must be a date (YYYY-MM-DD)' })
  .transform((date) => new Date(`${date}T23:59:59.999Z`));

export const addApiKeySchema = z.strictObject({
  // spec: Authentication 1 — a 64-character hexadecimal string.
  key: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hexadecimal key issued by the service'),
  label: z.string().trim().max(80).optional(),
  expiresAt: expiryDate.optional(),
});

export const apiKeyParamsSchema = z.object({
  keyId: z.union([z.literal(ENVIRONMENT_KEY_ID), z.uuid()], { error: 'must be a key id' }),
});

export const apiKeyExpirySchema = z.strictObject({ expiresAt: expiryDate.nullable() });
