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

// spec: Authentication 1 — a 64-character hexadecimal string.
const apiKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hexadecimal key issued by the service');

export const addApiKeySchema = z.strictObject({
  key: apiKey,
  label: z.string().trim().max(80).optional(),
  expiresAt: expiryDate.optional(),
});

export const apiKeyParamsSchema = z.object({
  keyId: z.union([z.literal(ENVIRONMENT_KEY_ID), z.uuid()], { error: 'must be a key id' }),
});

export const apiKeyExpirySchema = z.strictObject({ expiresAt: expiryDate.nullable() });

/** A client's name as people call it: shown on every row of its data. */
const clientName = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');

export const addClientSchema = z.strictObject({
  name: clientName,
  key: apiKey,
  expiresAt: expiryDate.optional(),
});

export const renameClientSchema = z.strictObject({ name: clientName });

export const rotateClientKeySchema = z.strictObject({ key: apiKey, expiresAt: expiryDate.optional() });

export const clientParamsSchema = z.object({
  clientId: z.string().regex(/^[a-z0-9-]{1,48}$/, 'must be a client id'),
});
