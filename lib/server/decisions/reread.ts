import 'server-only';
import { type AnnuityClient, type ResponseMeta, renewalsDueQuery } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { MAX_PAGE_SIZE, walkPages } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import { type EventProblem, eventProblem, problemFromInstructability } from '../../decisions/event-problems';
import { daysBetween } from '../../format/dates';

/**
 * Reads the current state of the events of a batch, as cheaply as the data allows: one call per
 * event for a few events, otherwise the period list over their due dates (100 per page) when that
 * takes fewer calls. Events that no longer exist map to null.
 */
interface RereadTarget {
  eventId: string;
  patentId: string;
  dueDate: string;
}

interface Reread {
  events: Map<string, PatentEvent | null>;
  metas: ResponseMeta[];
  calls: number;
}

const CONCURRENCY = 4;
/** Up to this many events, single reads cost no more than a page of the period list would. */
const SINGLE_READS_UP_TO = 3;
/** The period list's window is kept within a year (our own bound; the service's is not shown). */
const MAX_SPAN_DAYS = 366;

async function readOneByOne(
  client: AnnuityClient,
  targets: readonly RereadTarget[],
  requestId: string,
  into: Reread,
) {
  for (let start = 0; start < targets.length; start += CONCURRENCY) {
    await Promise.all(
      targets.slice(start, start + CONCURRENCY).map(async (target) => {
        into.calls += 1;
        try {
          const { data, meta } = await client.getPatentEvent(target.patentId, target.eventId, { requestId });
          into.metas.push(meta);
          into.events.set(target.eventId, data);
        } catch (error) {
          if (error instanceof AnnuityApiError && error.status === 404) {
            if (error.requestId)
              into.metas.push({
                operation: error.operation,
                status: 404,
                requestId: error.requestId,
                rateLimit: null,
              });
            into.events.set(target.eventId, null);
          } else throw error;
        }
      }),
    );
  }
}

async function rereadEvents(
  client: AnnuityClient,
  targets: readonly RereadTarget[],
  requestId: string,
): Promise<Reread> {
  const result: Reread = { events: new Map(), metas: [], calls: 0 };
  if (targets.length === 0) return result;
  const dates = targets.map((target) => target.dueDate).sort();
  const from = dates[0] as string;
  const to = dates[dates.length - 1] as string;
  if (targets.length <= SINGLE_READS_UP_TO || daysBetween(from, to) > MAX_SPAN_DAYS) {
    await readOneByOne(client, targets, requestId, result);
    return result;
  }
  const wanted = new Set(targets.map((target) => target.eventId));
  const pages = walkPages<PatentEvent>(
    (currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod(renewalsDueQuery({ from, to }, { currentPage, itemsPerPage }), {
        requestId,
      }),
    { itemsPerPage: MAX_PAGE_SIZE },
  );
  for await (const { data, meta } of pages) {
    result.calls += 1;
    result.metas.push(meta);
    for (const event of data.data) if (wanted.has(event.id)) result.events.set(event.id, event);
    // The window holds more pages than single reads would cost: stop walking and read singly.
    if (data.pagination.currentPage === 1 && data.pagination.totalPages > targets.length) break;
    if (result.events.size === wanted.size) break;
  }
  const missing = targets.filter((target) => !result.events.has(target.eventId));
  await readOneByOne(client, missing, requestId, result);
  return result;
}

/** A decision to check against the service's current state of its event. */
export interface RereadDecision extends RereadTarget {
  decision: string;
}

/** The events now, and what they mean for each decision: the one re-read every step shares. */
export interface CurrentDecisions extends Reread {
  /**
   * Renewals already carrying the very decision chosen: done, by an earlier attempt whose answer
   * was lost or by a colleague (spec: Errors, a 409 after a timeout means the work is done).
   */
  applied: Set<string>;
  /** Why the service would refuse each of the other decisions now, in the decisions' order. */
  refusals: EventProblem[];
}

export async function rereadDecisions(
  client: AnnuityClient,
  decisions: readonly RereadDecision[],
  requestId: string,
): Promise<CurrentDecisions> {
  const reread = await rereadEvents(client, decisions, requestId);
  const applied = new Set(
    decisions
      .filter((decision) => reread.events.get(decision.eventId)?.appliedDecision === decision.decision)
      .map((decision) => decision.eventId),
  );
  const refusals = decisions
    .filter((decision) => !applied.has(decision.eventId))
    .flatMap((decision) => {
      const event = reread.events.get(decision.eventId);
      if (event === null) return [eventProblem(decision.eventId, 'event_not_found')];
      if (!event) return [];
      const problem = problemFromInstructability(
        decision.eventId,
        decision.decision,
        event.instructability,
        event.appliedDecision,
      );
      return problem ? [problem] : [];
    });
  return { ...reread, applied, refusals };
}

/**
 * The fees of re-read events that came without them, from the fees endpoint (spec: Endpoints 5).
 * spec: Patent event, `fees` — whether the per-patent endpoints carry fees unasked is not shown,
 * so a single read may lack the estimate a batch records; endpoint 5 gives the same fees object.
 * A fee read that fails leaves that estimate as the draft saw it: it never stops the batch.
 */
export async function fillMissingFees(
  client: AnnuityClient,
  events: ReadonlyMap<string, PatentEvent | null>,
  requestId: string,
): Promise<ResponseMeta[]> {
  const metas: ResponseMeta[] = [];
  const without = [...events.values()].filter(
    (event): event is PatentEvent => event !== null && event.fees === undefined,
  );
  for (let start = 0; start < without.length; start += CONCURRENCY) {
    await Promise.all(
      without.slice(start, start + CONCURRENCY).map(async (event) => {
        try {
          const { data, meta } = await client.getPatentEventFees(event.patent.id, event.id, { requestId });
          metas.push(meta);
          event.fees = data;
        } catch {
          // The draft's estimate stays; the batch goes on.
        }
      }),
    );
  }
  return metas;
}
