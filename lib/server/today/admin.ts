import 'server-only';
import { and, count, eq, gte, max } from 'drizzle-orm';
import { SCOPES } from '../../annuity/schemas';
import { getDb } from '../../db';
import { signInAttempt } from '../../db/schema';
import type { AdminSection } from '../../today/data';
import { SIGN_IN_MAX_FAILURES, secondsUntilSignInAllowed } from '../auth/sign-in-limit';
import { latestConnectionReport } from '../connection/connection';
import { readQuota } from '../connection/quota';
import { countUnknownDeliveries } from '../notifications/mail';
import type { WindowClients } from '../renewals/window';

/**
 * The administrator's Today: connection health as last checked (no probe here, so opening Today
 * spends no quota), each client's quota as the service last reported it to the client's key (one
 * quota per key, spec: Authentication 1, Limits 2; the clients of the request, each named when
 * there are several), failed sign-ins of the last day and the
 * addresses locked out right now, and the emails whose delivery is unknown.
 */
const FAILED_WINDOW_HOURS = 24;

export async function loadAdminSection(clients: WindowClients, now = new Date()): Promise<AdminSection> {
  const db = await getDb();
  const since = new Date(now.getTime() - FAILED_WINDOW_HOURS * 3_600_000);
  const [quotas, failures, deliveryUnknown] = await Promise.all([
    Promise.all(
      clients.connections.map(async (connection) => {
        const quota = await readQuota(connection);
        return {
          client: clients.labelOf(connection) ?? null,
          limit: quota?.limit ?? null,
          remaining: quota?.remaining ?? null,
          resetAt: quota?.resetAt?.toISOString() ?? null,
          exhaustedUntil: quota?.exhaustedUntil?.toISOString() ?? null,
        };
      }),
    ),
    db
      .select({ email: signInAttempt.email, failures: count(), lastAt: max(signInAttempt.at) })
      .from(signInAttempt)
      .where(and(eq(signInAttempt.succeeded, false), gte(signInAttempt.at, since)))
      .groupBy(signInAttempt.email),
    countUnknownDeliveries(db),
  ]);
  const failedSignIns = failures
    .map((row) => ({
      email: row.email,
      failures: Number(row.failures),
      lastAt: (row.lastAt ? new Date(row.lastAt) : now).toISOString(),
    }))
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  const lockedOut: AdminSection['lockedOut'] = [];
  for (const entry of failedSignIns.filter((row) => row.failures >= SIGN_IN_MAX_FAILURES)) {
    const secondsLeft = await secondsUntilSignInAllowed(db, entry.email, now);
    if (secondsLeft > 0) lockedOut.push({ email: entry.email, secondsLeft });
  }
  const report = latestConnectionReport();
  return {
    connection: {
      checkedAt: report?.checkedAt ?? null,
      reachable: report ? report.reachable : null,
      keyState: report?.keyState ?? 'unknown',
      scopes: SCOPES.map((scope) => ({ scope, state: report?.scopes[scope] ?? 'unknown' })),
      problems: report?.problems ?? [],
    },
    quotas,
    failedSignIns,
    lockedOut,
    windowHours: FAILED_WINDOW_HOURS,
    deliveryUnknown,
  };
}
