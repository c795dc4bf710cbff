import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import { addDays, addMonths, monthBounds, monthOf } from '../../format/dates';
import type { EventLookup } from '../../invoices/evidence';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * The events behind invoice lines: their due dates (the export and the grace check need them) and
 * `appliedDecision` (the decision check's fallback when no batch record of ours names the event).
 * Lines carry only the event and patent ids (spec: Fees), so the events are read in bulk:
 *
 * - the period list (spec: Endpoints 9) over the due dates a line of each issue date can have — an
 *   event is instructed from two months before its due month (spec: Instruction rules, opensAt)
 *   and, late, up to its grace end; 18 months back covers grace periods and late skips or drops —
 *   at 100 per page, when its page count is below the number of patents concerned;
 * - otherwise, and for the few events the window misses, one call per patent (Endpoints 3), which
 *   returns every event of the patent.
 *
 * The demo tenant's 2,300 lines (1,400 patents) cost about 40 calls this way instead of 1,400.
 * A decided event's due date and decision never change (spec: Instruction rules, "not modifiable
 * afterwards"), so they are kept for hours; an undecided one for two minutes. The copy is per
 * process and per client connection, like the invoice catalog.
 */
const DECIDED_TTL_MS = 6 * 60 * 60_000;
const UNDECIDED_TTL_MS = 2 * 60_000;
const NOT_FOUND_TTL_MS = 60_000;
const MAX_ENTRIES = 200_000;
const CONCURRENCY = 4;
const LOOKBACK_MONTHS = 18;
const LOOKAHEAD_MONTHS = 2;
/** Our own bound on a period window (the service's is not shown, spec: Endpoints 9). */
const MAX_WINDOW_DAYS = 366;
/** Up to this many patents, single reads cost no more than the first pages of a window would. */
const SINGLE_READS_UP_TO = 4;

export interface EventTarget {
  eventId: string;
  patentId: string | null;
  /** The issue date of the invoice the line is on: it bounds the event's due date. */
  anchorDate: string | null;
}

export interface ResolveProgress {
  calls: number;
  /** The calls the resolution expects to make, as far as it knows yet. */
  plannedCalls: number;
}

export interface ResolvedEvents {
  events: Map<string, EventLookup>;
  calls: number;
}

interface CacheEntry {
  lookup: EventLookup;
  expiresAt: number;
}

const globalForEvents = globalThis as typeof globalThis & {
  __invoiceEvents?: Map<string, Map<string, CacheEntry>>;
};

/** One cache per client connection: what one client's key read is never another's answer. */
function cache(connection: string): Map<string, CacheEntry> {
  globalForEvents.__invoiceEvents ??= new Map();
  const caches = globalForEvents.__invoiceEvents;
  let entries = caches.get(connection);
  if (!entries) {
    entries = new Map();
    caches.set(connection, entries);
  }
  return entries;
}

function remember(entries: Map<string, CacheEntry>, eventId: string, lookup: EventLookup, now: number): void {
  const ttl =
    lookup.state === 'found'
      ? lookup.appliedDecision
        ? DECIDED_TTL_MS
        : UNDECIDED_TTL_MS
      : NOT_FOUND_TTL_MS;
  entries.delete(eventId);
  entries.set(eventId, { lookup, expiresAt: now + ttl });
  if (entries.size > MAX_ENTRIES) {
    // Oldest first (a Map keeps insertion order): drop a tenth.
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const key of entries.keys()) {
      if (drop-- <= 0) break;
      entries.delete(key);
    }
  }
}

function lookupOf(event: PatentEvent): EventLookup {
  return {
    state: 'found',
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    appliedDecision: event.appliedDecision,
    annuityYear: event.renewal?.annuityYear ?? null,
    paymentSequence: event.renewal?.paymentSequenceNumber ?? null,
  };
}

/** The due-date windows the lines of these issue dates can fall in, merged, each at most a year. */
export function dueWindows(anchorDates: readonly string[]): { from: string; to: string }[] {
  const spans = [...new Set(anchorDates)].sort().map((date) => ({
    from: `${addMonths(monthOf(date), -LOOKBACK_MONTHS)}-01`,
    to: monthBounds(addMonths(monthOf(date), LOOKAHEAD_MONTHS)).to,
  }));
  const merged: { from: string; to: string }[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.from <= addDays(last.to, 1)) {
      if (span.to > last.to) last.to = span.to;
    } else merged.push({ ...span });
  }
  return merged.flatMap((span) => {
    const pieces: { from: string; to: string }[] = [];
    for (let from = span.from; from <= span.to; from = addDays(from, MAX_WINDOW_DAYS)) {
      // The last piece ends where the span does (calendar dates compare as text).
      const end = addDays(from, MAX_WINDOW_DAYS - 1);
      pieces.push({ from, to: [end, span.to].sort()[0] as string });
    }
    return pieces;
  });
}

async function inGroups<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += CONCURRENCY) {
    await Promise.all(items.slice(start, start + CONCURRENCY).map(run));
  }
}

export async function resolveEvents(
  client: AnnuityClient,
  targets: readonly EventTarget[],
  requestId: string,
  onProgress?: (progress: ResolveProgress) => void,
  /** The connection `client` belongs to. */
  connection: string = DEFAULT_CONNECTION,
  now = Date.now(),
): Promise<ResolvedEvents> {
  const entries = cache(connection);
  const result: ResolvedEvents = { events: new Map(), calls: 0 };
  const byEvent = new Map(targets.map((target) => [target.eventId, target]));
  for (const eventId of byEvent.keys()) {
    const hit = entries.get(eventId);
    if (hit && hit.expiresAt > now) result.events.set(eventId, hit.lookup);
  }
  const missing = () => [...byEvent.values()].filter((target) => !result.events.has(target.eventId));
  const patentsOf = (list: readonly EventTarget[]) => [
    ...new Set(list.flatMap((target) => (target.patentId ? [target.patentId] : []))),
  ];
  let planned = patentsOf(missing()).length;
  const progressed = () =>
    onProgress?.({ calls: result.calls, plannedCalls: Math.max(planned, result.calls) });
  const record = (event: PatentEvent) => {
    const lookup = lookupOf(event);
    remember(entries, event.id, lookup, now);
    if (byEvent.has(event.id)) result.events.set(event.id, lookup);
  };

  const anchors = missing().flatMap((target) => (target.anchorDate ? [target.anchorDate] : []));
  if (patentsOf(missing()).length > SINGLE_READS_UP_TO && anchors.length > 0) {
    const windows = dueWindows(anchors);
    const pageOf = (dueWindow: { from: string; to: string }, currentPage: number) =>
      client.getPatentEventsByPeriod(
        { dueFrom: dueWindow.from, dueTo: dueWindow.to, currentPage, itemsPerPage: MAX_PAGE_SIZE },
        { requestId },
      );
    planned = windows.length + patentsOf(missing()).length;
    const rest: { dueWindow: { from: string; to: string }; page: number }[] = [];
    await inGroups(windows, async (dueWindow) => {
      const { data } = await pageOf(dueWindow, 1);
      result.calls += 1;
      for (const event of data.data) record(event);
      for (let page = 2; page <= data.pagination.totalPages; page++) rest.push({ dueWindow, page });
      progressed();
    });
    // Walk on only while the pages left cost less than reading the remaining patents one by one.
    if (rest.length < patentsOf(missing()).length) {
      planned = result.calls + rest.length + SINGLE_READS_UP_TO;
      await inGroups(rest, async ({ dueWindow, page }) => {
        const { data } = await pageOf(dueWindow, page);
        result.calls += 1;
        for (const event of data.data) record(event);
        progressed();
      });
    }
  }

  const leftPatents = patentsOf(missing());
  planned = result.calls + leftPatents.length;
  progressed();
  await inGroups(leftPatents, async (patentId) => {
    try {
      const { data } = await client.getPatentEvents(patentId, { requestId });
      for (const event of data) record(event);
    } catch (error) {
      // The patent is gone from the portfolio (spec: rule 2): its events are unknown to the service.
      if (!(error instanceof AnnuityApiError && error.status === 404)) throw error;
    } finally {
      result.calls += 1;
      progressed();
    }
  });
  // Looked for everywhere and not there.
  const searched = new Set(leftPatents);
  for (const target of missing()) {
    if (target.patentId && searched.has(target.patentId)) {
      const lookup: EventLookup = { state: 'not-found' };
      remember(entries, target.eventId, lookup, now);
      result.events.set(target.eventId, lookup);
    } else result.events.set(target.eventId, { state: 'unknown' });
  }
  return result;
}

/** For tests: forget every event read so far. */
export function forgetInvoiceEvents(): void {
  globalForEvents.__invoiceEvents = undefined;
}
