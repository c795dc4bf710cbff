import { z } from 'zod';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { unsubscribeWithToken } from '@/lib/server/notifications/app';

/**
 * One-click unsubscribe (RFC 8058): the `List-Unsubscribe` link of every grouped message. The
 * mail provider POSTs `List-Unsubscribe=One-Click` from its own servers, with no session: the
 * signed token (user and class) is the only credential, and can only turn that one class off. A
 * GET (a person who followed the link, or a link scanner) changes nothing; it offers the button.
 */
const params = z.object({ token: z.string().min(1).max(300) });

function notFound(requestId: string) {
  return problemResponse({
    status: 404,
    code: 'unsubscribe_link_not_found',
    title: 'Link not found',
    detail: 'This unsubscribe link is not valid. Change what you receive in your notification settings.',
    requestId,
  });
}

const CLASS_NAMES: Record<string, string> = {
  lapse: '"About to lapse" reminders',
  due: '"Due soon" reminders',
  attention: '"Needs attention" alerts',
  escalation: 'escalations',
  digest: 'the renewals digest',
};

function page(title: string, body: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 40rem; margin: 2rem auto; padding: 0 1rem;"><main><h1 style="font-size: 1.25rem;">${title}</h1>${body}<p><a href="/settings/notifications">Change what you receive</a></p></main></body></html>`,
    {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    },
  );
}

export const GET = defineRoute({ access: 'public', params }, async ({ params: input, requestId }) => {
  const preview = await unsubscribeWithToken(input.token, { dryRun: true });
  if (!preview) return notFound(requestId);
  const what = CLASS_NAMES[preview.cls] ?? 'these messages';
  return page(
    'Unsubscribe',
    `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p>Stop ${what} by email and in the dashboard?</p><button type="submit">Unsubscribe from ${what}</button></form>`,
  );
});

export const POST = defineRoute(
  { access: 'public', tokenInUrl: true, params },
  async ({ params: input, requestId }) => {
    const done = await unsubscribeWithToken(input.token, { dryRun: false });
    if (!done) return notFound(requestId);
    return page(
      'Unsubscribed',
      `<p>You will no longer receive ${CLASS_NAMES[done.cls] ?? 'these messages'}.</p>`,
    );
  },
);
