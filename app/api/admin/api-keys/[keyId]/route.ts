import { apiKeyExpirySchema, apiKeyParamsSchema } from '@/lib/connection/api-key.schema';
import { recordKeyExpiry, removeApiKey } from '@/lib/server/connection/api-keys';
import { defineRoute } from '@/lib/server/http/route';

/** Records the expiry the operator announced for a key (or clears it). */
export const PATCH = defineRoute(
  {
    access: 'connection:manage',
    audit: 'api_key.expiry',
    params: apiKeyParamsSchema,
    body: apiKeyExpirySchema,
  },
  async ({ params, body, viewer, requestId }) => {
    await recordKeyExpiry(
      params.keyId,
      body.expiresAt,
      { userId: viewer.userId, email: viewer.email },
      requestId,
    );
    return { ok: true };
  },
);

/** Removes a stored key that is no longer in use. */
export const DELETE = defineRoute(
  { access: 'connection:manage', audit: 'api_key.remove', params: apiKeyParamsSchema },
  async ({ params, viewer, requestId }) => {
    await removeApiKey(params.keyId, { userId: viewer.userId, email: viewer.email }, requestId);
    return { ok: true };
  },
);
