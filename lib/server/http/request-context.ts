import 'server-only';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, resolveLocale } from '../../format/locale';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../http/request-id';
import { type Loaded, loadOrProblem } from '../errors/error-mapping';

/** The id proxy.ts gave this request; forwarded upstream so our logs and the service's agree. */
export async function pageRequestId(): Promise<string> {
  return requestIdFrom((await headers()).get(REQUEST_ID_HEADER));
}

/** The locale pages format dates and numbers in: the viewer's choice, else their browser's (lib/format/locale.ts). */
export async function pageLocale(): Promise<string> {
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  return resolveLocale(requestCookies.get(LOCALE_COOKIE)?.value, requestHeaders.get('accept-language'));
}

/** The locale of a route handler's request, as pageLocale resolves a page's. */
export function requestLocale(request: Request): string {
  const cookie = request.headers.get('cookie') ?? '';
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return resolveLocale(chosen, request.headers.get('accept-language'));
}

/** Runs a page's data load; a failure becomes the mapped problem the page shows (loadOrProblem). */
export function loadForPage<T>(requestId: string, load: () => Promise<T>): Promise<Loaded<T>> {
  return loadOrProblem(requestId, load, 'page data load');
}
