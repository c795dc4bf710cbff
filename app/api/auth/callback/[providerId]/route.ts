import { z } from 'zod';
import { SSO_PROVIDER_ID } from '@/lib/server/auth/sso-config';
import { finishSsoSignIn, SsoNotConfiguredError } from '@/lib/server/auth/sso-sign-in';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

const paramsSchema = z.object({ providerId: z.literal(SSO_PROVIDER_ID) });

/** Where the identity provider sends the browser back (the redirect URI registered with it). */
export const GET = defineRoute({ access: 'public', params: paramsSchema }, async ({ request, requestId }) => {
  try {
    return await finishSsoSignIn(request, requestId);
  } catch (error) {
    if (!(error instanceof SsoNotConfiguredError)) throw error;
    return problemResponse({
      status: 404,
      code: 'sso_not_configured',
      title: 'Not available',
      detail: 'Single sign-on is not configured on this dashboard.',
      requestId,
    });
  }
});
