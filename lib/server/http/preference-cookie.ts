import 'server-only';
import { getEnv } from '../../env';
import { servedOverHttps } from '../../http/forwarded';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The answer to a browser's choice kept in a cookie only the server reads (the chosen client, the
 * date and number format): the cookie holds `value` for a year, or is cleared when it is null, and
 * the body repeats the choice as `{ [name]: value }`. Secure when the request came over https;
 * behind a TLS-terminating proxy it arrives over http, so the one trusted reading decides.
 */
export function preferenceResponse(
  request: Request,
  cookieName: string,
  name: string,
  value: string | null,
): Response {
  const env = getEnv();
  const secure = servedOverHttps(request.headers, env.PUBLIC_URL, env.TRUST_PROXY) ? '; Secure' : '';
  const cookie = value
    ? `${cookieName}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`
    : `${cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
  return Response.json({ [name]: value }, { headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } });
}
