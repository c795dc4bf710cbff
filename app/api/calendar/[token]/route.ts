import { z } from 'zod';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { calendarForToken } from '@/lib/server/notifications/app';

/**
 * A user's private calendar feed. Calendar apps fetch it without a session, so the
 * token in the URL is the credential: checked against its stored hash in constant time, and an
 * unknown, revoked or malformed token gets the same 404.
 */
export const GET = defineRoute(
  { access: 'public', params: z.object({ token: z.string().max(200) }) },
  async ({ params, requestId }) => {
    const body = await calendarForToken(params.token);
    if (body === null)
      return problemResponse({
        status: 404,
        code: 'calendar_not_found',
        title: 'Calendar not found',
        detail: 'This calendar link does not exist or was revoked.',
        requestId,
      });
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="renewals.ics"',
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      },
    });
  },
);
