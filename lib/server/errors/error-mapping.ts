/**
 * `lib/server/errors/`: below every feature: `problem.ts` (problem+json), `domain-error.ts`
 * (`DomainError`: a refusal of our own carries its status, code, title and detail),
 * `error-mapping.ts` (`errorToProblem`: the one table, for route handlers, pages and the send;
 * `loadOrProblem` for a read shown in place) and
 * `upstream-errors.ts` (the service's errors by their meaning).
 */
import { logger } from '../../log';
import { DomainError } from './domain-error';
import type { MappedProblem } from './problem';
import { upstreamErrorToProblem } from './upstream-errors';

/**
 * The one table from a thrown error to what a user reads: the service's errors by their meaning
 * (upstream-errors.ts), our own refusals by what they carry (DomainError). Anything unrecognised
 * becomes a 500 with the request id and no internal detail.
 */
export function errorToProblem(error: unknown, requestId: string): MappedProblem {
  const upstream = upstreamErrorToProblem(error, requestId);
  if (upstream) return upstream;
  if (error instanceof DomainError) return error.toProblem(requestId);
  return {
    status: 500,
    code: 'internal_error',
    title: 'Something went wrong',
    detail: `The dashboard could not complete this request. If it happens again, contact support with reference ${requestId}.`,
    requestId,
  };
}

export type Loaded<T> = { ok: true; data: T } | { ok: false; problem: MappedProblem };

/**
 * Runs a read whose failure is shown where its data would be (a page, a section of Today) and
 * turns a failure into the mapped problem, so an outage never renders as "no results" (style:
 * errors never swallowed). An unexpected error is logged as an error, a refusal as a warning;
 * `what` names the read in those lines.
 */
export async function loadOrProblem<T>(
  requestId: string,
  load: () => Promise<T>,
  what: string,
): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await load() };
  } catch (error) {
    const problem = errorToProblem(error, requestId);
    if (problem.status >= 500 && problem.code === 'internal_error') {
      logger.error({ err: error, requestId }, `${what} failed`);
    } else logger.warn({ code: problem.code, requestId }, `${what} refused`);
    return { ok: false, problem };
  }
}
