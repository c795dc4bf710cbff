import 'server-only';
import { getEnv } from '../../env';
import { safeLocalPath } from '../../http/safe-redirect';
import { logger } from '../../log';
import { auditSuccess, recordAudit } from '../audit/audit';
import { DomainError } from '../errors/domain-error';
import { getAuth, publicOrigin } from './auth';
import { withSsoFlow } from './sso';
import { ssoConfig } from './sso-config';

/**
 * The two ends of a single sign-on: the start tells the browser where the provider's
 * sign-in is and sets better-auth's state cookie, and the provider sends the browser back to the
 * callback, which better-auth completes (code exchange, ID token check, the policy of sso.ts, the
 * session cookie). Only these two of better-auth's endpoints are
 * reachable from outside; everything else still goes through our own routes.
 */

const SIGN_IN_PAGE = '/sign-in';

class SsoNotConfiguredError extends DomainError<'sso_not_configured'> {
  override name = 'SsoNotConfiguredError';
  constructor() {
    super({
      status: 404,
      code: 'sso_not_configured',
      title: 'Not available',
      detail: 'Single sign-on is not configured on this dashboard.',
    });
  }
}

function redirect(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

class SsoUnavailableError extends DomainError<'sso_unavailable'> {
  override name = 'SsoUnavailableError';
  constructor() {
    super({
      status: 503,
      code: 'sso_unavailable',
      title: 'Sign-in service unavailable',
      detail: 'Your organisation’s sign-in service cannot be reached right now. Try again shortly.',
      message: 'The identity provider cannot be reached right now.',
    });
  }
}

/**
 * Where to send the browser to sign in at the provider, with better-auth's state cookie. The
 * browser navigates there itself: a form posting here could not follow a redirect to another
 * origin under the pages' CSP (`form-action 'self'`). On the way back it lands on `next`.
 */
export async function startSsoSignIn(input: {
  next: string | null | undefined;
  headers: Headers;
  requestId: string;
}): Promise<{ url: string; cookies: string[] }> {
  const config = ssoConfig(getEnv());
  if (!config) throw new SsoNotConfiguredError();
  const callbackURL = safeLocalPath(input.next) ?? '/';
  const auth = await getAuth();
  const answer = await auth.api.signInSocial({
    body: { provider: config.providerId, callbackURL, errorCallbackURL: SIGN_IN_PAGE },
    headers: input.headers,
    asResponse: true,
  });
  const body = (await answer.json().catch(() => null)) as { url?: string } | null;
  if (!answer.ok || !body?.url) {
    // Typically the provider's discovery document could not be read (better-auth retries it).
    logger.warn({ requestId: input.requestId, status: answer.status }, 'single sign-on could not start');
    throw new SsoUnavailableError();
  }
  return { url: body.url, cookies: answer.headers.getSetCookie() };
}

/** Completes the sign-in the provider sent back, and audits how it ended. */
export async function finishSsoSignIn(request: Request, requestId: string): Promise<Response> {
  const env = getEnv();
  const config = ssoConfig(env);
  if (!config) throw new SsoNotConfiguredError();
  const auth = await getAuth();
  const answer = await withSsoFlow(() => auth.handler(request));
  const location = answer.headers.get('location');
  const cookies = answer.headers.getSetCookie();
  const landing = location ? new URL(location, publicOrigin(env)) : null;
  const error = landing?.searchParams.get('error') ?? (landing ? null : `status_${answer.status}`);

  if (error) {
    await recordAudit({
      actor: null,
      action: 'auth.sso_sign_in_failed',
      outcome: 'failure',
      requestId,
      details: { reason: error, provider: config.providerId },
    });
    // Back to the sign-in page with the reason's code (never the provider's free text).
    return redirect(`${SIGN_IN_PAGE}?error=${encodeURIComponent(error)}`, cookies);
  }
  const session = await auth.api
    .getSession({
      headers: new Headers({ cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; ') }),
    })
    .catch(() => null);
  await auditSuccess(
    session ? { userId: session.user.id, email: session.user.email } : null,
    'auth.sign_in',
    null,
    requestId,
    { method: 'sso', provider: config.providerId },
  );
  return redirect(
    safeLocalPath(landing?.pathname ? `${landing.pathname}${landing.search}` : null) ?? '/',
    cookies,
  );
}
