import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import {
  AnnuityApiError,
  AnnuityContractError,
  AnnuityNetworkError,
  AnnuityOutcomeUnknownError,
} from '../../annuity/errors';
import type { BatchProblem } from '../../decisions/batch';
import type { SendItem } from '../../decisions/draft';
import { type EventProblem, eventProblem } from '../../decisions/event-problems';
import { noteScopeFromSend } from '../connection/connection';
import { errorToProblem } from '../errors/error-mapping';
import { rereadDecisions } from './reread';

/**
 * What a failed POST of instructions means (spec: Endpoints 10, Errors): either nothing is known
 * of the outcome, or the batch was refused, and then each problem is tied to the renewal it
 * concerns so the review can mark that row.
 */

/** No answer, a gateway error, or a 2xx we could not read: the service may have acted. */
export function outcomeIsUnknown(error: unknown): boolean {
  return (
    error instanceof AnnuityOutcomeUnknownError ||
    error instanceof AnnuityNetworkError ||
    error instanceof AnnuityContractError ||
    (error instanceof AnnuityApiError && error.status >= 500)
  );
}

export function batchLevelProblem(error: unknown, requestId: string, events: EventProblem[]): BatchProblem {
  const mapped = errorToProblem(error, requestId);
  return {
    status: mapped.status,
    code: mapped.code,
    title: mapped.title,
    detail: mapped.detail,
    requiredScope:
      typeof mapped.extensions?.requiredScope === 'string' ? mapped.extensions.requiredScope : undefined,
    retryAfterSeconds: mapped.retryAfterSeconds,
    events,
  };
}

const INSTRUCTION_CODES = new Set([
  'instruction_skipped',
  'instruction_too_early',
  'instruction_lapsed',
  'instruction_already_set',
  'not_found',
  'validation_failed',
]);

/** The service checks the scope before judging the batch (spec: Authentication 4). */
export function noteScopeFromRefusal(error: unknown): void {
  if (!(error instanceof AnnuityApiError)) return;
  if (error.code === 'insufficient_scope') noteScopeFromSend('patents:instructions:write', 'missing');
  else if (INSTRUCTION_CODES.has(error.code)) noteScopeFromSend('patents:instructions:write', 'granted');
}

/**
 * Ties a refusal to the renewals it concerns. The spec's problem names no event, so: the
 * instruction_skipped extensions name the patent (clientCaseReference), validation pointers name
 * the position in the batch, and otherwise the events are read again to see which now disagree.
 * `applied`: renewals that turned out to carry their decision already (done, not refused).
 */
export async function attributeRefusal(
  error: unknown,
  posted: readonly SendItem[],
  client: AnnuityClient,
  requestId: string,
): Promise<{ problem: BatchProblem; applied: Set<string> }> {
  const applied = new Set<string>();
  const refused = (events: EventProblem[]) => ({
    problem: batchLevelProblem(error, requestId, events),
    applied,
  });
  if (!(error instanceof AnnuityApiError)) return refused([]);
  const tooLarge = batchTooLarge(error, posted.length);
  if (tooLarge) return { problem: tooLarge, applied };
  if (!INSTRUCTION_CODES.has(error.code)) return refused([]);
  const events: EventProblem[] = [];
  const serviceDetail = error.problem?.detail;
  if (error.code === 'validation_failed') {
    for (const entry of error.validationErrors) {
      const index = /^\/instructions\/(\d+)/.exec(entry.pointer)?.[1];
      const target = index === undefined ? undefined : posted[Number(index)];
      if (target)
        events.push(eventProblem(target.eventId, 'validation_failed', { serviceDetail: entry.detail }));
    }
    return refused(events);
  }
  if (error.code === 'instruction_skipped' && error.clientCaseReference) {
    const ofPatent = posted
      .filter((entry) => entry.caseReference === error.clientCaseReference)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    // With two renewals of one patent in the batch, the later one is the one refused.
    const skipped = ofPatent.length > 1 ? ofPatent.slice(1) : ofPatent;
    for (const entry of skipped) {
      events.push(
        eventProblem(entry.eventId, 'instruction_skipped', {
          missingPreviousRenewalDates: error.missingPreviousRenewalDates,
          serviceDetail,
        }),
      );
    }
    if (events.length > 0) return refused(events);
  }
  try {
    const current = await rereadDecisions(client, posted, requestId);
    for (const eventId of current.applied) {
      applied.add(eventId);
      events.push(eventProblem(eventId, 'already_applied'));
    }
    for (const problem of current.refusals) {
      events.push(
        problem.code === error.code ? { ...problem, ...withServiceContext(error, problem) } : problem,
      );
    }
  } catch {
    // The refusal stands without per-event detail; the batch-level message still says why.
  }
  return refused(events);
}

/**
 * spec: Limits 4 — "Maximum number of instructions per batch: not shown". The limit is learnt from
 * whatever refusal says so, never assumed, and never from one that speaks of the events (the
 * instruction codes of spec: Errors):
 * - a 413 (the request too large for the service or a gateway in front of it);
 * - a 400 or 422 whose pointers name the instruction list as a whole (`/instructions`);
 * - a 400 or 422 whose pointers name every item from an index on (`/instructions/N` … the last),
 *   none before it: the service took the first N;
 * - a 400 or 422 with a code this v2 does not list whose detail or pointers speak of the batch size.
 * The limit is that index, else the largest number below the batch's size the service's words name,
 * else half the batch; the user is offered parts of that size, each atomic by itself (spec:
 * Instruction rules, "A batch is atomic").
 */
export function batchTooLarge(error: AnnuityApiError, size: number): BatchProblem | null {
  if (size < 2) return null;
  if (INSTRUCTION_CODES.has(error.code) && error.code !== 'validation_failed') return null;
  const pointers = error.validationErrors;
  const said = [error.problem?.detail ?? '', ...pointers.map((entry) => entry.detail ?? '')]
    .map((text) => text.trim())
    .filter(Boolean)
    .join(' ');
  const from = refusedFromIndex(
    pointers.map((entry) => entry.pointer),
    size,
  );
  const refusedForSize =
    error.status === 413 ||
    ((error.status === 400 || error.status === 422) &&
      ((pointers.length > 0 && pointers.every((entry) => entry.pointer === '/instructions')) ||
        from !== null ||
        (!INSTRUCTION_CODES.has(error.code) && SPEAKS_OF_BATCH_SIZE.test(said))));
  if (!refusedForSize) return null;
  const named = [...said.matchAll(/\d+/g)].map((match) => Number(match[0])).filter((n) => n >= 1 && n < size);
  const limit = from ?? (named.length > 0 ? Math.max(...named) : Math.max(1, Math.floor(size / 2)));
  const parts = Math.ceil(size / limit);
  return {
    status: 422,
    code: 'batch_too_large',
    title: 'Too many decisions for one batch',
    detail: `The service refused all ${size} decisions as one batch${said ? ` ("${said}")` : ''}, so nothing was sent. Send them in ${parts} parts of at most ${limit}: each part is atomic by itself — it executes whole or not at all, and a part refused leaves the parts already sent as they are.`,
    maxBatchSize: limit,
    events: [],
  };
}

/** Words of a refusal about the number of instructions, not about one of them. */
const SPEAKS_OF_BATCH_SIZE =
  /\b(batch|request|payload|instructions)\b[^.]*\b(size|too (many|large|big|long)|at most|maximum|max|limit|exceed)|\b(too many|at most|maximum|max|limit|exceed\w*)\b[^.]*\b(instructions|items|entries|batch)\b/i;

/** The index N when the pointers name exactly the items N … size − 1 of the list (N ≥ 1), else null. */
function refusedFromIndex(pointers: readonly string[], size: number): number | null {
  if (pointers.length === 0) return null;
  const indices = pointers.map((pointer) => /^\/instructions\/(\d+)$/.exec(pointer)?.[1]);
  if (indices.some((index) => index === undefined)) return null;
  const sorted = [...new Set(indices.map(Number))].sort((a, b) => a - b);
  const first = sorted[0] as number;
  if (first < 1 || sorted[sorted.length - 1] !== size - 1 || sorted.length !== size - first) return null;
  return first;
}

function withServiceContext(error: AnnuityApiError, problem: EventProblem): Partial<EventProblem> {
  if (error.code === 'instruction_skipped' && error.missingPreviousRenewalDates.length > 0) {
    return eventProblem(problem.eventId, 'instruction_skipped', {
      missingPreviousRenewalDates: error.missingPreviousRenewalDates,
    });
  }
  return {};
}
