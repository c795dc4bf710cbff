import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { signInAttempt } from '../../db/schema';

/**
 * Failed sign-ins are limited per email address, in the shared database so the limit holds across
 * instances: after MAX_FAILURES within the window, further attempts wait until it passes.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 5;

export async function secondsUntilSignInAllowed(
  db: Database,
  email: string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const failures = await db
    .select({ at: signInAttempt.at })
    .from(signInAttempt)
    .where(
      and(eq(signInAttempt.email, email), eq(signInAttempt.succeeded, false), gte(signInAttempt.at, since)),
    )
    .orderBy(signInAttempt.at);
  if (failures.length < SIGN_IN_MAX_FAILURES) return 0;
  const oldestCounted = failures[failures.length - SIGN_IN_MAX_FAILURES]?.at ?? now;
  return Math.max(1, Math.ceil((oldestCounted.getTime() + SIGN_IN_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordSignInAttempt(db: Database, email: string, succeeded: boolean): Promise<void> {
  await db.insert(signInAttempt).values({ email, succeeded });
}
