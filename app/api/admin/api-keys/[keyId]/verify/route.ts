import { apiKeyParamsSchema } from '@/lib/connection/api-key.schema';
import { verifyApiKey } from '@/lib/server/connection/api-keys';
import { defineRoute } from '@/lib/server/http/route';

/** Checks a stored key against the service again: the reads it allows, never a write. */
export const POST = defineRoute(
  { access: 'connection:manage', audit: 'api_key.verify', params: apiKeyParamsSchema },
  async ({ params, requestId }) => {
    const probe = await verifyApiKey(params.keyId, requestId);
    return { keyState: probe.keyState, scopes: probe.scopes, problems: probe.problems };
  },
);
