/**
 * `lib/server/errors/`: below every feature: `problem.ts` (problem+json), `domain-error.ts`
 * (`DomainError`: a refusal of our own carries its status, code, title and detail),
 * `error-mapping.ts` (`errorToProblem`: the one table, for route handlers, pages and the send) and
 * `upstream-errors.ts` (the service's errors by their meaning).
 */
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
