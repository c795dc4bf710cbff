/**
 * `lib/server/rate-freezes/`: freeze overview, month preview, the freeze itself and its refusals;
 * what a freeze would lock in the invoice currency and the daily record of the next freezable
 * months' estimates (`estimates.ts`, table `freeze_estimate_day`).
 */
import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ResponseMeta } from '../../annuity/client';
import { AnnuityApiError, AnnuityContractError, AnnuityOutcomeUnknownError } from '../../annuity/errors';
import { getDb } from '../../db';
import { auditLog } from '../../db/schema';
import { monthOf, monthsBetween } from '../../format/dates';
import type { FreezeMonthData, FreezeOverviewData, FreezeResult } from '../../rate-freezes/data';
import {
  attemptFromAuditEntry,
  type FreezeAttempt,
  type FreezeAttemptResult,
  type HorizonKnowledge,
  learnHorizon,
} from '../../rate-freezes/horizon';
import {
  classifyFreezeRefusal,
  type MonthStateContext,
  monthState,
  monthsAhead,
  withinKnownHorizon,
} from '../../rate-freezes/months';
import { countEvents, freezeTotals } from '../../rate-freezes/totals';
import { recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { serviceToday } from '../connection/service-day';
import { upstreamClient } from '../connection/upstream';
import { documentAge } from '../sync/copy';
import { heldFreezeMonth, heldFreezes } from '../sync/documents';
import { FreezeRefusedError } from './errors';

/**
 * Exchange-rate freezes (spec: Endpoints 13-15). Reads are live: a month's potential frozen fees
 * move with exchange rates until it is frozen (spec: Fees rule 3), so nothing is cached. The
 * horizon the service keeps to itself (spec: Limits 5) is learned from the audit log of freeze
 * attempts rather than from a table of its own.
 */
export const FREEZE_AUDIT_ACTION = 'rate_freezes.freeze';

// Newer observations supersede older ones (horizon.ts), so the most recent attempts are enough.
const ATTEMPT_HISTORY_LIMIT = 500;

/**
 * One client's freeze attempts, from the audit log (each names its client; those from before there
 * were several are the first client's): the horizon a client's service accepts is that client's.
 */
async function freezeAttempts(connection: string): Promise<FreezeAttempt[]> {
  const db = await getDb();
  const rows = await db
    .select({ at: auditLog.at, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, FREEZE_AUDIT_ACTION),
        sql`coalesce(${auditLog.details}->>'client', ${DEFAULT_CONNECTION}) = ${connection}`,
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(ATTEMPT_HISTORY_LIMIT);
  return rows.map(attemptFromAuditEntry).filter((attempt) => attempt !== null);
}

function stateContext(
  currentMonth: string,
  frozenMonths: Iterable<string>,
  horizon: HorizonKnowledge,
): MonthStateContext {
  return {
    currentMonth,
    frozenMonths: new Set(frozenMonths),
    refusedFromMonthsAhead: horizon.refused?.monthsAhead ?? null,
    acceptedUpToMonthsAhead: horizon.accepted?.monthsAhead ?? null,
  };
}

/**
 * One client's frozen months and the months ahead (a freeze is one client's, spec: rule 2). The
 * client defaults to the first for Today's manager section, which reads it without a scope yet.
 */
export async function loadFreezeOverview(
  requestId: string,
  now = new Date(),
  connection: string = DEFAULT_CONNECTION,
): Promise<FreezeOverviewData> {
  // The frozen months as the copy holds them (lib/server/sync/documents.ts): no call per view.
  const [listed, attempts] = await Promise.all([
    heldFreezes(requestId, connection),
    freezeAttempts(connection),
  ]);
  // The service's month: a month is past, so cannot be frozen, by its day (spec: Limits 2 and 5).
  const currentMonth = monthOf(await serviceToday(now, [connection]));
  const frozenMonths = [...new Set(listed.data.map((freeze) => freeze.yearMonth))].sort().reverse();
  const horizon = learnHorizon(attempts);
  return {
    currentMonth,
    frozenMonths,
    months: monthsAhead(stateContext(currentMonth, frozenMonths, horizon)),
    horizon,
    fetchedAt: listed.readAt.toISOString(),
    copy: await documentAge(listed.readAt),
  };
}

/**
 * The month read works before a freeze and shows the potential frozen fees (spec: Endpoints 14);
 * it does not say whether the month is frozen, so the list of frozen months is read beside it.
 */
export async function loadFreezeMonth(
  month: string,
  requestId: string,
  connection: string,
  now = new Date(),
): Promise<FreezeMonthData> {
  const [read, listed, attempts] = await Promise.all([
    heldFreezeMonth(month, requestId, connection),
    heldFreezes(requestId, connection),
    freezeAttempts(connection),
  ]);
  // The service's month: a month is past, so cannot be frozen, by its day (spec: Limits 2 and 5).
  const currentMonth = monthOf(await serviceToday(now, [connection]));
  const horizon = learnHorizon(attempts);
  const readAt = new Date(Math.min(read.readAt.getTime(), listed.readAt.getTime()));
  const context = stateContext(
    currentMonth,
    listed.data.map((freeze) => freeze.yearMonth),
    horizon,
  );
  return {
    month,
    currentMonth,
    monthsAhead: monthsBetween(currentMonth, month),
    state: monthState(month, context),
    confirmed:
      monthState(month, context) !== 'freezable' ||
      withinKnownHorizon(monthsBetween(currentMonth, month), context),
    events: read.data.events,
    totals: freezeTotals(read.data.events),
    horizon,
    fetchedAt: readAt.toISOString(),
    copy: await documentAge(readAt),
  };
}

function upstreamRequestIdOf(error: unknown): string | null {
  if (error instanceof AnnuityApiError || error instanceof AnnuityContractError) return error.requestId;
  if (error instanceof AnnuityOutcomeUnknownError) return error.requestId;
  return null;
}

/**
 * Freezes a month (spec: Endpoints 15) and audits the attempt whatever happens. The service's PUT
 * is idempotent and answers the same either way, so whether the month was frozen already comes
 * from the list read just before. Two managers freezing the same month at once may both read
 * "not frozen"; both then see "frozen", which is still true. The freeze is the chosen client's: its
 * key only is sent (spec: Authentication 1), and the audit names the client.
 */
export async function freezeMonth(
  month: string,
  viewer: Viewer,
  connection: string,
  requestId: string,
  now = new Date(),
): Promise<FreezeResult> {
  // The service's month: a month is past, so cannot be frozen, by its day (spec: Limits 2 and 5).
  const currentMonth = monthOf(await serviceToday(now, [connection]));
  const ahead = monthsBetween(currentMonth, month);
  const upstreamRequestIds: string[] = [];
  const track = (meta: ResponseMeta) => {
    if (meta.requestId) upstreamRequestIds.push(meta.requestId);
  };
  const audit = (result: FreezeAttemptResult, details: Record<string, unknown> = {}) =>
    recordAudit({
      actor: { userId: viewer.userId, email: viewer.email },
      action: FREEZE_AUDIT_ACTION,
      target: month,
      connection,
      outcome: result === 'frozen' || result === 'already-frozen' ? 'success' : 'failure',
      requestId,
      upstreamRequestIds,
      details: { month, client: connection, currentMonth, monthsAhead: ahead, result, ...details },
    });

  let putSent = false;
  try {
    const client = upstreamClient(requestId, connection);
    const listed = await client.getExchangeRateFreezes({ requestId });
    track(listed.meta);
    const wasFrozen = listed.data.some((freeze) => freeze.yearMonth === month);
    putSent = true;
    const frozen = await client.putExchangeRateFreeze(month, { requestId });
    track(frozen.meta);
    const outcome = wasFrozen ? 'already-frozen' : 'frozen';
    const counts = countEvents(frozen.data.events);
    await audit(outcome, { eventCount: counts.events, frozenEventCount: counts.frozen });
    return {
      month,
      outcome,
      events: frozen.data.events,
      totals: freezeTotals(frozen.data.events),
      frozenAt: new Date().toISOString(),
      upstreamRequestIds,
    };
  } catch (error) {
    const upstreamId = upstreamRequestIdOf(error);
    if (upstreamId && !upstreamRequestIds.includes(upstreamId)) upstreamRequestIds.push(upstreamId);
    const code =
      error instanceof AnnuityApiError ? error.code : error instanceof Error ? error.name : 'unknown';
    const status = error instanceof AnnuityApiError ? error.status : null;
    if (putSent && error instanceof AnnuityApiError && error.status === 400) {
      const serviceDetail = [
        error.problem?.detail ?? '',
        ...error.validationErrors.map((e) => e.detail ?? ''),
      ]
        .map((text) => text.trim())
        .filter((text, index, all) => text && all.indexOf(text) === index)
        .join(' ');
      const refusal = classifyFreezeRefusal(month, currentMonth, serviceDetail);
      await audit(refusal, { code, status, serviceDetail });
      throw new FreezeRefusedError(month, refusal, ahead, code, error.requestId, serviceDetail);
    }
    await audit('failed', { code, status });
    throw error;
  }
}
