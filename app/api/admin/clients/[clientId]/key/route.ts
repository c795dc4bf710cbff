import { clientParamsSchema, rotateClientKeySchema } from '@/lib/connection/api-key.schema';
import { rotateClientKey } from '@/lib/server/connection/clients';
import { defineRoute } from '@/lib/server/http/route';

/** Replaces the client's key with a new one the service accepts (spec: Authentication 2). */
export const PUT = defineRoute(
  {
    access: 'connection:manage',
    audit: 'clients.rotate_key',
    params: clientParamsSchema,
    body: rotateClientKeySchema,
  },
  async ({ params, body, viewer, requestId }) => ({
    client: await rotateClientKey(
      params.clientId,
      body,
      { userId: viewer.userId, email: viewer.email },
      requestId,
    ),
  }),
);
