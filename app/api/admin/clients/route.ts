import { addClientSchema } from '@/lib/connection/api-key.schema';
import { addClientConnection, listClientConnections } from '@/lib/server/connection/clients';
import { defineRoute } from '@/lib/server/http/route';

/** The clients (one service connection each) with their key's last four, quota and copy state. */
export const GET = defineRoute({ access: 'connection:manage' }, async () => ({
  clients: await listClientConnections(),
}));

/** Adds a client once the service accepted its key for reading patents (spec: Authentication 1, 4). */
export const POST = defineRoute(
  { access: 'connection:manage', audit: 'clients.add', body: addClientSchema },
  async ({ body, viewer, requestId }) =>
    Response.json(
      { client: await addClientConnection(body, { userId: viewer.userId, email: viewer.email }, requestId) },
      { status: 201 },
    ),
);
