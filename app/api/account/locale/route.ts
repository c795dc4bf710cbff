import { z } from 'zod';
import { LOCALE_CHOICES, LOCALE_COOKIE } from '@/lib/format/locale';
import { preferenceResponse } from '@/lib/server/http/preference-cookie';
import { defineRoute } from '@/lib/server/http/route';

const tags = LOCALE_CHOICES.map((choice) => choice.tag) as [string, ...string[]];

const localeSchema = z.object({
  // null: follow the browser's language settings again.
  locale: z.enum(tags, { error: 'choose one of the offered formats' }).nullable(),
});

/**
 * The signed-in user chooses how dates and numbers read. Kept in a cookie that only the
 * server reads; every page renders with it (lib/server/http/request-context.ts `pageLocale`).
 */
export const PUT = defineRoute({ access: 'signed-in', body: localeSchema }, async ({ body, request }) =>
  preferenceResponse(request, LOCALE_COOKIE, 'locale', body.locale),
);
