import 'server-only';
import { getDb } from '../../db';
import { safeLocalPath } from '../../http/safe-redirect';
import { HOME_BY_ROLE, isRole } from '../../policy/roles';
import { recordAudit } from '../audit/audit';
import { getAuth } from './auth';
import { recordSignInAttempt, secondsUntilSignInAllowed } from './sign-in-limit';
import { findUserByEmail, normalizeEmail } from './user-accounts';

export type SignInResult =
  | { kind: 'signed-in'; redirectTo: string; cookies: string[] }
  | { kind: 'too-many-attempts'; waitSeconds: number }
  /** Wrong email, wrong password or a deactivated account: the answer never says which. */
  | { kind: 'refused' };

/**
 * Email and password sign-in, in the order that keeps it safe: the per-account attempt limit is
 * checked before the password is, every outcome is audited, and a success lands on a same-site
 * path only (the `next` the browser sent, or the role's home).
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  next?: string | null;
  headers: Headers;
  requestId: string;
}): Promise<SignInResult> {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const audit = (outcome: 'success' | 'failure', reason?: string, userId: string | null = null) =>
    recordAudit({
      actor: { userId, email },
      action: outcome === 'success' ? 'auth.sign_in' : 'auth.sign_in_failed',
      outcome,
      requestId: input.requestId,
      details: reason ? { reason } : {},
    });

  const waitSeconds = await secondsUntilSignInAllowed(db, email);
  if (waitSeconds > 0) {
    await audit('failure', 'too_many_attempts');
    return { kind: 'too-many-attempts', waitSeconds };
  }
  const refuse = async (reason: string): Promise<SignInResult> => {
    await recordSignInAttempt(db, email, false);
    await audit('failure', reason);
    return { kind: 'refused' };
  };

  const account = await findUserByEmail(db, email);
  if (!account) return refuse('unknown_email');
  if (account.deactivatedAt) return refuse('deactivated');

  const auth = await getAuth();
  const answer = await auth.api.signInEmail({
    // rememberMe keeps the configured 12-hour lifetime (without it better-auth uses a day).
    body: { email, password: input.password, rememberMe: true },
    headers: input.headers,
    asResponse: true,
  });
  if (!answer.ok) return refuse('wrong_password');

  await recordSignInAttempt(db, email, true);
  await audit('success', undefined, account.id);
  const home = isRole(account.role) ? HOME_BY_ROLE[account.role] : '/';
  return {
    kind: 'signed-in',
    redirectTo: safeLocalPath(input.next) ?? home,
    cookies: answer.headers.getSetCookie(),
  };
}

/** Ends the session row; the answer's cookies clear the browser's. */
export async function signOut(input: {
  viewer: { userId: string; email: string };
  headers: Headers;
  requestId: string;
}): Promise<{ cookies: string[] }> {
  const auth = await getAuth();
  const answer = await auth.api.signOut({ headers: input.headers, asResponse: true });
  await recordAudit({
    actor: { userId: input.viewer.userId, email: input.viewer.email },
    action: 'auth.sign_out',
    outcome: 'success',
    requestId: input.requestId,
  });
  return { cookies: answer.headers.getSetCookie() };
}
