import { z } from 'zod';
import { CLIENT_COOKIE, CLIENT_ID_PATTERN } from '@/lib/clients/chosen-client';
import { getEnv } from '@/lib/env';
import { servedOverHttps } from '@/lib/http/forwarded';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DomainError } from '@/lib/server/errors/domain-error';
import { defineRoute } from '@/lib/server/http/route';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const choiceSchema = z.object({
  // null: every client the user works for.
  client: z.string().regex(CLIENT_ID_PATTERN, 'must be a client id').nullable(),
});

/**
 * The header's client switcher: the chosen client (or all of the user's) is kept in a cookie only
 * the server reads, so every later page and route of this browser keeps to it. Only a client the
 * user works for can be chosen; the server intersects the choice with the grants on every request.
 */
export const PUT = defineRoute(
  { access: 'signed-in', body: choiceSchema },
  async ({ body, request, viewer }) => {
    if (body.client) {
      const scope = await clientScopeOf(viewer.userId, body.client);
      if (scope.chosen !== body.client)
        throw new DomainError({
          status: 400,
          code: 'invalid_input',
          title: 'Invalid request',
          detail: 'Choose one of your clients.',
          errors: [{ field: 'client', message: 'must be one of your clients' }],
        });
    }
    const env = getEnv();
    const secure = servedOverHttps(request.headers, env.PUBLIC_URL, env.TRUST_PROXY) ? '; Secure' : '';
    const cookie = body.client
      ? `${CLIENT_COOKIE}=${body.client}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`
      : `${CLIENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
    return Response.json(
      { client: body.client },
      { headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } },
    );
  },
);
