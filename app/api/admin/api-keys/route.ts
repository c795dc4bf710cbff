import { addApiKeySchema } from '@/lib/connection/api-key.schema';
import { addApiKey, listApiKeys } from '@/lib/server/connection/api-keys';
import { apiKeyAlert } from '@/lib/server/connection/key-alert';
import { defineRoute } from '@/lib/server/http/route';

/** The API keys as pages may see them: last four characters, state, expiry. */
export const GET = defineRoute({ access: 'connection:manage' }, async () => ({
  ...(await listApiKeys()),
  alert: await apiKeyAlert(),
}));

/** Adds a key after the service accepted it for reading; it is not used until switched to. */
export const POST = defineRoute(
  { access: 'connection:manage', audit: 'api_key.add', body: addApiKeySchema },
  async ({ body, viewer, requestId }) => {
    return { key: await addApiKey(body, { userId: viewer.userId, email: viewer.email }, requestId) };
  },
);
