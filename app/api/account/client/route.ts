import { z } from 'zod';
import { CLIENT_COOKIE, CLIENT_ID_PATTERN } from '@/lib/clients/chosen-client';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { invalidInput } from '@/lib/server/errors/domain-error';
import { preferenceResponse } from '@/lib/server/http/preference-cookie';
import { defineRoute } from '@/lib/server/http/route';

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
        throw invalidInput('Choose one of your clients.', [
          { field: 'client', message: 'must be one of your clients' },
        ]);
    }
    return preferenceResponse(request, CLIENT_COOKIE, 'client', body.client);
  },
);
