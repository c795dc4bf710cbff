import { signInSchema } from '@/components/auth/sign-in.schema';
import { getDb } from '@/lib/db';
import { safeLocalPath } from '@/lib/http/safe-redirect';
import { HOME_BY_ROLE, isRole } from '@/lib/policy/roles';
import { recordAudit } from '@/lib/server/audit';
import { getAuth } from '@/lib/server/auth';
import { problemResponse } from '@/lib/server/problem';
import { defineRoute } from '@/lib/server/route';
import { recordSignInAttempt, secondsUntilSignInAllowed } from '@/lib/server/sign-in-limit';
import { findUserByEmail, normalizeEmail } from '@/lib/server/user-accounts';

/** Sign in with email and password. Failures say nothing about which part was wrong. */
export const POST = defineRoute(
  { access: 'public', body: signInSchema },
  async ({ body, request, requestId }) => {
    const db = await getDb();
    const email = normalizeEmail(body.email);
    const audit = (outcome: 'success' | 'failure', reason?: string) =>
      recordAudit({
        actor: { userId: null, email },
        action: outcome === 'success' ? 'auth.sign_in' : 'auth.sign_in_failed',
        outcome,
        requestId,
        details: reason ? { reason } : {},
      });

    const waitSeconds = await secondsUntilSignInAllowed(db, email);
    if (waitSeconds > 0) {
      await audit('failure', 'too_many_attempts');
      return problemResponse(
        {
          status: 429,
          code: 'too_many_attempts',
          title: 'Too many attempts',
          detail: `Too many failed sign-ins for this account. Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`,
          requestId,
        },
        { 'retry-after': String(waitSeconds) },
      );
    }

    const invalid = async (reason: string) => {
      await recordSignInAttempt(db, email, false);
      await audit('failure', reason);
      return problemResponse({
        status: 401,
        code: 'invalid_credentials',
        title: 'Sign-in failed',
        detail: 'The email or password is not correct, or the account is not active.',
        requestId,
      });
    };

    const account = await findUserByEmail(db, email);
    if (!account) return invalid('unknown_email');
    if (account.deactivatedAt) return invalid('deactivated');

    const auth = await getAuth();
    const upstream = await auth.api.signInEmail({
      // rememberMe keeps the configured 12-hour lifetime (without it better-auth uses a day).
      body: { email, password: body.password, rememberMe: true },
      headers: request.headers,
      asResponse: true,
    });
    if (!upstream.ok) return invalid('wrong_password');

    await recordSignInAttempt(db, email, true);
    await recordAudit({
      actor: { userId: account.id, email },
      action: 'auth.sign_in',
      outcome: 'success',
      requestId,
    });
    const home = isRole(account.role) ? HOME_BY_ROLE[account.role] : '/';
    const response = Response.json({ redirectTo: safeLocalPath(body.next) ?? home });
    for (const cookie of upstream.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
    return response;
  },
);

/** Sign out: ends the session row and clears the cookie. */
export const DELETE = defineRoute({ access: 'signed-in' }, async ({ request, viewer, requestId }) => {
  const auth = await getAuth();
  const upstream = await auth.api.signOut({ headers: request.headers, asResponse: true });
  await recordAudit({
    actor: { userId: viewer.userId, email: viewer.email },
    action: 'auth.sign_out',
    outcome: 'success',
    requestId,
  });
  const response = Response.json({ redirectTo: '/sign-in' });
  for (const cookie of upstream.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
});
