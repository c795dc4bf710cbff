import { z } from 'zod';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';

/**
 * A freeze is one client's (spec: Authentication 1, a key is one client's): the freeze routes name
 * it as `client` (the query of a read, the body of a freeze), one of the user's clients; a user
 * with one client may leave it out (lib/server/clients/client-filter.ts clientToWrite). Server side only.
 */
export const freezeClientSchema = z.object({ client: clientFilterSchema });

/** The freeze's body: the client it is for (optional with one client: no body at all is fine). */
export const freezeBodySchema = freezeClientSchema.optional();
