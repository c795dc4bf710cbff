import { z } from 'zod';
import { startSsoSignIn } from '@/lib/server/auth/sso-sign-in';
import { defineRoute } from '@/lib/server/http/route';

const bodySchema = z.strictObject({ next: z.string().max(2_000).optional() }).optional();

/** Starts single sign-on: answers the provider's sign-in address, which the browser then opens. */
export const POST = defineRoute(
  { access: 'public', body: bodySchema },
  async ({ body, request, requestId }) => {
    // Refused as 404 sso_not_configured or 503 sso_unavailable (lib/server/auth/sso-sign-in.ts).
    const { url, cookies } = await startSsoSignIn({ next: body?.next, headers: request.headers, requestId });
    const response = Response.json({ url }, { headers: { 'cache-control': 'no-store' } });
    for (const cookie of cookies) response.headers.append('set-cookie', cookie);
    return response;
  },
);
