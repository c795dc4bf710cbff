import 'server-only';
import { getDb } from '../../db';
import { getEnv } from '../../env';
import { clientAddress } from '../../http/forwarded';
import { safeLocalPath } from '../../http/safe-redirect';
import { HOME_BY_ROLE, isRole } from '../../policy/roles';
import { auditSuccess, recordAudit } from '../audit/audit';
import { firstInWindow } from '../audit/refusals';
import { getAuth } from './auth';
import { demoAccountsAllowed, isDemoEmail } from './demo-policy';
import { CHANGE_PASSWORD_PATH } from './session';
import {
  ADDRESS_MAX_FAILURES,
  accountKey,
  addressKey,
  claimAttempt,
  recordSignInAttempt,
  releaseAttempt,
  resetAttempts,
  SIGN_IN_MAX_FAILURES,
} from './sign-in-limit';
import { localPasswordsEnabled } from './sso-config';
import { findUserByEmail, normalizeEmail } from './user-accounts';

export type SignInResult =
  | { kind: 'signed-in'; redirectTo: string; cookies: string[] }
  | { kind: 'too-many-attempts'; waitSeconds: number }
  /** Wrong email, wrong password or a deactivated account: the answer never says which. */
  | { kind: 'refused' }
  /** A demo account (published password) while the upstream is a real service. */
  | { kind: 'demo-refused' }
  /** Local passwords are turned off (LOCAL_PASSWORDS=off): people sign in through SSO only. */
  | { kind: 'passwords-off' };

/**
 * Email and password sign-in, in the order that keeps it safe: the attempt is claimed against the
 * account's and the address's throttle before any password is checked (sign-in-limit.ts), an
 * unknown account costs the same password hashing as a known one, every outcome is audited, and
 * a success lands on a same-site path only (the `next` the browser sent, or the role's home).
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  next?: string | null;
  headers: Headers;
  requestId: string;
}): Promise<SignInResult> {
  const env = getEnv();
  if (!localPasswordsEnabled(env)) return { kind: 'passwords-off' };
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const address = clientAddress(input.headers, env.TRUST_PROXY);
  const audit = (outcome: 'success' | 'failure', reason?: string, userId: string | null = null) =>
    recordAudit({
      actor: { userId, email },
      action: outcome === 'success' ? 'auth.sign_in' : 'auth.sign_in_failed',
      outcome,
      requestId: input.requestId,
      details: { ...(reason ? { reason } : {}), ...(address ? { address } : {}) },
    });

  const throttled = async (waitSeconds: number): Promise<SignInResult> => {
    // A guesser repeats these as fast as they can: one entry a minute per account says enough.
    if (firstInWindow(`sign-in throttled ${email}`)) await audit('failure', 'too_many_attempts');
    return { kind: 'too-many-attempts', waitSeconds };
  };
  const accountClaim = await claimAttempt(db, accountKey(email), SIGN_IN_MAX_FAILURES);
  if (!accountClaim.ok) return throttled(accountClaim.waitSeconds);
  if (address) {
    const addressClaim = await claimAttempt(db, addressKey(address), ADDRESS_MAX_FAILURES);
    if (!addressClaim.ok) {
      await releaseAttempt(db, accountKey(email));
      return throttled(addressClaim.waitSeconds);
    }
  }

  const refuse = async (reason: string): Promise<SignInResult> => {
    await recordSignInAttempt(db, email, false);
    await audit('failure', reason);
    return { kind: 'refused' };
  };

  const auth = await getAuth();
  const account = await findUserByEmail(db, email);
  if (!account || account.deactivatedAt) {
    // The same hashing work as a real check, so the answer's timing does not tell which emails exist.
    await spendPasswordCheck(auth, input.password);
    return refuse(account ? 'deactivated' : 'unknown_email');
  }
  if ((account.isDemo || isDemoEmail(account.email)) && !demoAccountsAllowed(env)) {
    await audit('failure', 'demo_account_with_real_upstream', account.id);
    return { kind: 'demo-refused' };
  }

  const answer = await auth.api.signInEmail({
    // rememberMe: the session cookie lives as long as the session (SESSION_MAX_AGE_HOURS).
    body: { email, password: input.password, rememberMe: true },
    headers: input.headers,
    asResponse: true,
  });
  if (!answer.ok) return refuse('wrong_password');

  await resetAttempts(db, accountKey(email));
  if (address) await releaseAttempt(db, addressKey(address));
  await recordSignInAttempt(db, email, true);
  await audit('success', undefined, account.id);
  const home = isRole(account.role) ? HOME_BY_ROLE[account.role] : '/';
  return {
    kind: 'signed-in',
    redirectTo: account.mustChangePassword
      ? `${CHANGE_PASSWORD_PATH}?required=1`
      : (safeLocalPath(input.next) ?? home),
    cookies: answer.headers.getSetCookie(),
  };
}

type Auth = Awaited<ReturnType<typeof getAuth>>;

let dummyHash: Promise<string> | undefined;

/** Verifies the password against a hash of nothing, for accounts that cannot sign in. */
async function spendPasswordCheck(auth: Auth, password: string): Promise<void> {
  const context = await auth.$context;
  dummyHash ??= context.password.hash('no account has this password: it only costs time');
  await context.password.verify({ hash: await dummyHash, password }).catch(() => false);
}

/** Ends the session row; the answer's cookies clear the browser's. */
export async function signOut(input: {
  viewer: { userId: string; email: string };
  headers: Headers;
  requestId: string;
}): Promise<{ cookies: string[] }> {
  const auth = await getAuth();
  const answer = await auth.api.signOut({ headers: input.headers, asResponse: true });
  await auditSuccess(input.viewer, 'auth.sign_out', null, input.requestId);
  return { cookies: answer.headers.getSetCookie() };
}
