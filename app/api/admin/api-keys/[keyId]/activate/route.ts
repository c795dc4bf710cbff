import { apiKeyParamsSchema } from '@/lib/connection/api-key.schema';
import { activateApiKey } from '@/lib/server/connection/api-keys';
import { defineRoute } from '@/lib/server/http/route';

/** Switches every instance to this key, after checking it against the service once more. */
export const POST = defineRoute(
  { access: 'connection:manage', audit: 'api_key.activate', params: apiKeyParamsSchema },
  async ({ params, viewer, requestId }) => {
    await activateApiKey(params.keyId, { userId: viewer.userId, email: viewer.email }, requestId);
    return { ok: true };
  },
);
