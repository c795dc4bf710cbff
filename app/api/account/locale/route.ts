import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { LOCALE_CHOICES, LOCALE_COOKIE } from '@/lib/format/locale';
import { servedOverHttps } from '@/lib/http/forwarded';
import { defineRoute } from '@/lib/server/http/route';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const tags = LOCALE_CHOICES.map((choice) => choice.tag) as [string, ...string[]];

const localeSchema = z.object({
  // null: follow the browser's language settings again.
  locale: z.enum(tags, { error: 'choose one of the offered formats' }).nullable(),
});

/**
 * The signed-in user chooses how dates and numbers read. Kept in a cookie that only the
 * server reads; every page renders with it (lib/server/http/request-context.ts `pageLocale`).
 */
export const PUT = defineRoute({ access: 'signed-in', body: localeSchema }, async ({ body, request }) => {
  const env = getEnv();
  // Behind a TLS-terminating proxy the request arrives over http: ask the one trusted reading.
  const secure = servedOverHttps(request.headers, env.PUBLIC_URL, env.TRUST_PROXY) ? '; Secure' : '';
  const cookie = body.locale
    ? `${LOCALE_COOKIE}=${body.locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`
    : `${LOCALE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return Response.json(
    { locale: body.locale },
    { headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } },
  );
});
