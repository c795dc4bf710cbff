import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { signInAttempt, signInThrottle } from '../../db/schema';

/**
 * The sign-in throttle, in the shared database so it holds across instances. The scheme:
 *
 * - Every attempt first CLAIMS a slot for its account and for its client address, with one upsert
 *   each (a row lock): N parallel attempts count as N, on PGlite and PostgreSQL alike. The password
 *   is checked only after the claims succeed.
 * - The first MAX_FAILURES attempts of a key are free. After that each further attempt must wait
 *   an exponential delay after the previous one (15 s, 30 s, 1 min … at most 8 min); an attempt
 *   that comes earlier is answered 429 with Retry-After and its password is not checked.
 * - A success resets the account's counter and gives the address its slot back. A counter also
 *   forgets after WINDOW without attempts.
 *
 * So a guesser gets a handful of tries and then a few per hour, while the right password is only
 * ever delayed, never locked out: its owner waits out at most one delay and is in.
 */
export const SIGN_IN_MAX_FAILURES = 5;
/** Per address the allowance is larger: an office behind one address shares it. */
export const ADDRESS_MAX_FAILURES = 30;
const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
const BASE_DELAY_MS = 15_000;
const MAX_DELAY_MS = 8 * 60 * 1000;

export type ThrottleKey = `account:${string}` | `address:${string}`;

export const accountKey = (email: string): ThrottleKey => `account:${email}`;
export const addressKey = (address: string): ThrottleKey => `address:${address}`;

/** The wait after `failures` counted attempts before the next may be checked. */
export function delayAfter(failures: number, allowance: number): number {
  if (failures < allowance) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - allowance), MAX_DELAY_MS);
}

export type Claim = { ok: true } | { ok: false; waitSeconds: number };

/**
 * Claims one attempt for a key in a single statement: the upsert's row lock serialises parallel
 * claims, and its WHERE refuses a claim while the key is waiting out its delay.
 */
export async function claimAttempt(
  db: Database,
  key: ThrottleKey,
  allowance: number,
  now = new Date(),
): Promise<Claim> {
  const staleBefore = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const t = signInThrottle;
  const counted = sql`(case when ${t.lastAttemptAt} < ${staleBefore} then 1 else ${t.failures} + 1 end)`;
  const delayMs = sql`(case when ${counted} < ${allowance} then 0
    else least(${BASE_DELAY_MS} * power(2, ${counted} - ${allowance}), ${MAX_DELAY_MS}) end)`;
  const claimed = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      lastAttemptAt: now,
      nextAllowedAt: new Date(now.getTime() + delayAfter(1, allowance)),
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: counted,
        lastAttemptAt: now,
        nextAllowedAt: sql`${now}::timestamptz + ${delayMs} * interval '1 millisecond'`,
      },
      setWhere: sql`${t.nextAllowedAt} <= ${now} or ${t.lastAttemptAt} < ${staleBefore}`,
    })
    .returning({ failures: t.failures });
  if (claimed.length > 0) return { ok: true };
  return { ok: false, waitSeconds: await secondsUntilAllowed(db, key, now) };
}

/** A success: the account starts again from zero. */
export async function resetAttempts(db: Database, key: ThrottleKey): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}

/** Gives back a claim that did not become a failure (a success, or another key refused first). */
export async function releaseAttempt(db: Database, key: ThrottleKey): Promise<void> {
  await db
    .update(signInThrottle)
    .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
    .where(eq(signInThrottle.key, key));
}

async function secondsUntilAllowed(db: Database, key: ThrottleKey, now: Date): Promise<number> {
  const [row] = await db
    .select({ nextAllowedAt: signInThrottle.nextAllowedAt, lastAttemptAt: signInThrottle.lastAttemptAt })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, key));
  if (!row || row.lastAttemptAt.getTime() < now.getTime() - SIGN_IN_WINDOW_MS) return 0;
  const waitMs = row.nextAllowedAt.getTime() - now.getTime();
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** How long an account must wait before its next attempt is checked (0: it may try now). */
export async function secondsUntilSignInAllowed(
  db: Database,
  email: string,
  now = new Date(),
): Promise<number> {
  return secondsUntilAllowed(db, accountKey(email), now);
}

/** The history of decided attempts (administrators see recent failures on Today). */
export async function recordSignInAttempt(db: Database, email: string, succeeded: boolean): Promise<void> {
  await db.insert(signInAttempt).values({ email, succeeded });
}
