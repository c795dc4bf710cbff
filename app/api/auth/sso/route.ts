import { z } from 'zod';
import { SsoNotConfiguredError, SsoUnavailableError, startSsoSignIn } from '@/lib/server/auth/sso-sign-in';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

const bodySchema = z.strictObject({ next: z.string().max(2_000).optional() }).optional();

/** Starts single sign-on: answers the provider's sign-in address, which the browser then opens. */
export const POST = defineRoute(
  { access: 'public', body: bodySchema },
  async ({ body, request, requestId }) => {
    try {
      const { url, cookies } = await startSsoSignIn({
        next: body?.next,
        headers: request.headers,
        requestId,
      });
      const response = Response.json({ url }, { headers: { 'cache-control': 'no-store' } });
      for (const cookie of cookies) response.headers.append('set-cookie', cookie);
      return response;
    } catch (error) {
      if (error instanceof SsoNotConfiguredError)
        return problemResponse({
          status: 404,
          code: 'sso_not_configured',
          title: 'Not available',
          detail: 'Single sign-on is not configured on this dashboard.',
          requestId,
        });
      if (error instanceof SsoUnavailableError)
        return problemResponse({
          status: 503,
          code: 'sso_unavailable',
          title: 'Sign-in service unavailable',
          detail: 'Your organisation’s sign-in service cannot be reached right now. Try again shortly.',
          requestId,
        });
      throw error;
    }
  },
);
