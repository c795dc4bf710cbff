import { z } from 'zod';
import { CLIENT_FILTER } from './client-filter';

/**
 * The `client` query parameter of a route (a list or its export): one client id, optional; the
 * route checks it is one of the user's (lib/server/clients/client-filter.ts). Server side only.
 */
export const clientFilterSchema = z
  .string()
  .refine(CLIENT_FILTER.test, { message: CLIENT_FILTER.message })
  .optional();
