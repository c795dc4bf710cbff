import 'server-only';
import { and, asc, gt, gte, inArray, sql } from 'drizzle-orm';
import type { AnnuityClient, PeriodQuery } from '../annuity/client';
import { listAll } from '../annuity/pagination';
import type { PatentEvent } from '../annuity/schemas';
import { getDb } from '../db';
import { renewalMonthSummary } from '../db/schema';
import { getEnv } from '../env';
import { currentYearMonth, monthOf } from '../format/dates';
import { badgeKind } from '../renewals/instructability';
import { isRenewalEvent, type RenewalRow, toRenewalRow } from '../renewals/rows';
import { openableMonths, type RenewalWindow, windowBounds } from '../renewals/window';
import { NO_SERVER_FILTERS, type RenewalWindowData, type ServerFilters } from '../renewals/window-data';
import { ensureSnapshot, lookUpPatents } from './portfolio-join';
import { upstreamClient } from './upstream';

/**
 * The month view's data: every renewal due in a window, with estimated fees, joined to the
 * portfolio snapshot for office, title and owner. A warm view costs ceil(events / 100) upstream
 * calls (issue: "the office join without burning quota"); nothing is cached between views
 * because instructability and estimates are live (spec: Fees rule 3).
 */
const PAGE_CONCURRENCY = 4;

function periodQuery(window: RenewalWindow, filters: ServerFilters, include: string[]): PeriodQuery {
  const base =
    window.kind === 'month' ? { dueMonth: window.month } : { dueFrom: window.from, dueTo: window.to };
  return {
    ...base,
    include,
    // Pinned to renewals (spec: Endpoints 9); rows of other kinds are still dropped below.
    eventTypes: ['RENEWAL'],
    offices: filters.offices,
    owners: filters.owners,
    family: filters.family,
  };
}

async function listWindowEvents(
  client: AnnuityClient,
  window: RenewalWindow,
  filters: ServerFilters,
  include: string[],
  requestId: string,
) {
  return listAll<PatentEvent>(
    (currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod(
        { ...periodQuery(window, filters, include), currentPage, itemsPerPage },
        { requestId },
      ),
    // Same number of calls as one by one; a 2,000-event month waits for 6 round trips, not 20.
    { concurrency: PAGE_CONCURRENCY },
  );
}

export async function loadRenewalWindow(
  window: RenewalWindow,
  filters: ServerFilters,
  requestId: string,
): Promise<RenewalWindowData> {
  const client = upstreamClient(requestId);
  const snapshot = await ensureSnapshot(client, requestId);
  const listed = await listWindowEvents(client, window, filters, ['fees'], requestId);
  const renewals = listed.items.filter(isRenewalEvent);
  const joined = await lookUpPatents(
    client,
    renewals.map((event) => event.patent.id),
    requestId,
  );
  const rows = renewals.map((event) => toRenewalRow(event, joined.patents.get(event.patent.id)));
  if (isWholeUnfilteredMonth(window, filters)) await recordMonthSummaries(window.month, rows);
  return {
    window,
    filters,
    rows,
    skippedOtherKinds: listed.items.length - renewals.length,
    fetchedAt: new Date().toISOString(),
    upstreamCalls: snapshot.calls + listed.pages + joined.calls,
    upstreamRequestIds: [...listed.metas, ...joined.metas]
      .map((meta) => meta.requestId)
      .filter((id): id is string => Boolean(id)),
    snapshot: {
      refreshedAt: snapshot.refreshedAt?.toISOString() ?? null,
      unknownPatents: joined.unknown,
    },
  };
}

function isWholeUnfilteredMonth(
  window: RenewalWindow,
  filters: ServerFilters,
): window is { kind: 'month'; month: string } {
  return (
    window.kind === 'month' &&
    filters.offices.length === 0 &&
    filters.owners.length === 0 &&
    filters.family.length === 0
  );
}

type SummaryRow = Pick<RenewalRow, 'dueDate' | 'instructability'>;

async function recordMonthSummaries(month: string | null, rows: readonly SummaryRow[], months?: string[]) {
  const counts = new Map<string, { events: number; open: number }>();
  for (const name of months ?? (month ? [month] : [])) counts.set(name, { events: 0, open: 0 });
  for (const row of rows) {
    const entry = counts.get(monthOf(row.dueDate));
    if (!entry) continue;
    entry.events += 1;
    if (badgeKind(row.instructability) === 'allowed') entry.open += 1;
  }
  if (counts.size === 0) return;
  const db = await getDb();
  const values = [...counts.entries()].map(([name, entry]) => ({
    month: name,
    eventCount: entry.events,
    openCount: entry.open,
    observedAt: new Date(),
  }));
  await db
    .insert(renewalMonthSummary)
    .values(values)
    .onConflictDoUpdate({
      target: renewalMonthSummary.month,
      set: {
        eventCount: sql`excluded.event_count`,
        openCount: sql`excluded.open_count`,
        observedAt: sql`excluded.observed_at`,
      },
    });
}

/**
 * The month view's default: the earliest month that still has renewals open for instruction.
 * Known from the month summaries; when they are missing or old, one walk over the months in which
 * an event can be open (without fees, so pages are small) refreshes them all.
 */
export async function defaultRenewalMonth(requestId: string, now = new Date()): Promise<string> {
  const months = openableMonths(now);
  const current = currentYearMonth(now);
  const db = await getDb();
  const freshSince = new Date(now.getTime() - getEnv().SNAPSHOT_MAX_AGE_MINUTES * 60_000);
  let known = await db
    .select()
    .from(renewalMonthSummary)
    .where(and(inArray(renewalMonthSummary.month, months), gte(renewalMonthSummary.observedAt, freshSince)))
    .orderBy(asc(renewalMonthSummary.month));
  if (known.length < months.length) {
    const client = upstreamClient(requestId);
    const first = months[0] as string;
    const last = months[months.length - 1] as string;
    const window: RenewalWindow = {
      kind: 'range',
      from: windowBounds({ kind: 'month', month: first }).from,
      to: windowBounds({ kind: 'month', month: last }).to,
    };
    const listed = await listWindowEvents(client, window, NO_SERVER_FILTERS, [], requestId);
    const rows = listed.items.filter(isRenewalEvent).map((event) => ({
      dueDate: event.dueDate,
      instructability: event.instructability ?? null,
    }));
    await recordMonthSummaries(null, rows, months);
    known = await db
      .select()
      .from(renewalMonthSummary)
      .where(and(inArray(renewalMonthSummary.month, months), gt(renewalMonthSummary.openCount, 0)))
      .orderBy(asc(renewalMonthSummary.month));
  }
  return known.find((row) => row.openCount > 0)?.month ?? current;
}
