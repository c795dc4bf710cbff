import { clientParamsSchema, renameClientSchema } from '@/lib/connection/api-key.schema';
import { renameClientConnection, retireClientConnection } from '@/lib/server/connection/clients';
import { defineRoute } from '@/lib/server/http/route';

/** Renames a client: the name every row of its data is labelled with. */
export const PATCH = defineRoute(
  {
    access: 'connection:manage',
    audit: 'clients.rename',
    params: clientParamsSchema,
    body: renameClientSchema,
  },
  async ({ params, body, viewer, requestId }) => ({
    client: await renameClientConnection(
      params.clientId,
      body.name,
      { userId: viewer.userId, email: viewer.email },
      requestId,
    ),
  }),
);

/** Retires a client: no longer synced or called; what was stored stays for the audit trail. */
export const DELETE = defineRoute(
  { access: 'connection:manage', audit: 'clients.retire', params: clientParamsSchema },
  async ({ params, viewer, requestId }) => ({
    client: await retireClientConnection(
      params.clientId,
      { userId: viewer.userId, email: viewer.email },
      requestId,
    ),
  }),
);
