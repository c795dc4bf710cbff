import { clientParamsSchema } from '@/lib/connection/api-key.schema';
import { checkClientConnection } from '@/lib/server/connection/clients';
import { defineRoute } from '@/lib/server/http/route';

/** Checks the client's key against the service: one read per scope, never a write. */
export const POST = defineRoute(
  { access: 'connection:manage', audit: 'clients.check', params: clientParamsSchema },
  async ({ params, requestId }) => {
    const probe = await checkClientConnection(params.clientId, requestId);
    return {
      reachable: probe.reachable,
      keyState: probe.keyState,
      scopes: probe.scopes,
      problems: probe.problems,
    };
  },
);
