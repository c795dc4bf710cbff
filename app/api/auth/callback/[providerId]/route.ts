import { z } from 'zod';
import { SSO_PROVIDER_ID } from '@/lib/server/auth/sso-config';
import { finishSsoSignIn } from '@/lib/server/auth/sso-sign-in';
import { defineRoute } from '@/lib/server/http/route';

const paramsSchema = z.object({ providerId: z.literal(SSO_PROVIDER_ID) });

/** Where the identity provider sends the browser back (the redirect URI registered with it). */
// Without single sign-on configured it answers 404 sso_not_configured (lib/server/auth/sso-sign-in.ts).
export const GET = defineRoute({ access: 'public', params: paramsSchema }, async ({ request, requestId }) =>
  finishSsoSignIn(request, requestId),
);
