import type { Problem, ProblemCode } from './schemas';

/**
 * Every failure of a call to the service is one of three errors, so callers can tell "the service
 * said no" from "we could not reach it" from "we do not know whether it acted". Messages never hold
 * the API key: the client never puts it anywhere but the request header.
 */

export interface ValidationErrorEntry {
  pointer: string;
  detail?: string;
}

/** The service answered with an error status (spec: Errors). */
export class AnnuityApiError extends Error {
  override name = 'AnnuityApiError';
  readonly status: number;
  /** The problem `code`, or `unexpected_response` when the body was not a problem (a proxy's HTML). */
  readonly code: ProblemCode;
  readonly problem: Problem | null;
  readonly requestId: string | null;
  readonly operation: string;
  readonly requiredScope: string | null;
  readonly validationErrors: ValidationErrorEntry[];
  /** instruction_skipped extensions (spec: Errors). */
  readonly clientCaseReference: string | null;
  readonly missingPreviousRenewalDates: string[];
  /** From Retry-After on a 429: seconds until the daily quota resets (spec: Limits 2). */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    operation: string;
    problem: Problem | null;
    requestId: string | null;
    retryAfterSeconds?: number | null;
  }) {
    const code = init.problem?.code ?? (init.status >= 500 ? 'upstream_error' : 'unexpected_response');
    super(
      init.problem
        ? `${init.operation}: ${init.status} ${code}${init.problem.detail ? ` — ${init.problem.detail}` : ''}`
        : `${init.operation}: the service answered ${init.status} without a problem body`,
    );
    this.status = init.status;
    this.code = code;
    this.problem = init.problem;
    this.operation = init.operation;
    this.requestId = init.problem?.requestId ?? init.requestId;
    this.requiredScope = init.problem?.requiredScope ?? null;
    this.validationErrors = (init.problem?.errors ?? []).map((entry) => ({
      pointer: entry.pointer,
      detail: typeof entry.detail === 'string' ? entry.detail : undefined,
    }));
    this.clientCaseReference = init.problem?.clientCaseReference ?? null;
    this.missingPreviousRenewalDates = init.problem?.missingPreviousRenewalDates ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** The service could not be reached, or kept failing, for a call that is safe to repeat. */
export class AnnuityNetworkError extends Error {
  override name = 'AnnuityNetworkError';
  constructor(
    readonly operation: string,
    readonly reason: 'timeout' | 'network',
    readonly attempts: number,
  ) {
    // lib/annuity imports nothing of ours outside itself, so not lib/format/plural.
    super(
      `${operation}: ${reason === 'timeout' ? 'the service did not answer in time' : 'the service could not be reached'} (${attempts === 1 ? '1 attempt' : `${attempts} attempts`})`,
    );
  }
}

/**
 * A write whose answer was lost (timeout, dropped connection): the service may or may not have
 * acted. Never retried blindly; the caller re-reads the state (spec: Errors, 409 after a timeout).
 */
export class AnnuityOutcomeUnknownError extends Error {
  override name = 'AnnuityOutcomeUnknownError';
  constructor(
    readonly operation: string,
    readonly requestId: string | null,
  ) {
    super(`${operation}: no answer from the service; whether it acted is unknown`);
  }
}

/** The service answered 2xx with a body that does not match the contract even tolerantly. */
export class AnnuityContractError extends Error {
  override name = 'AnnuityContractError';
  constructor(
    readonly operation: string,
    readonly requestId: string | null,
    readonly issues: string[],
  ) {
    super(`${operation}: the service's answer does not match API v2 (${issues.slice(0, 3).join('; ')})`);
  }
}

/**
 * A document endpoint answered 2xx with something that is not a PDF (a gateway's sign-in or error
 * page, say): spec Endpoints 6 to 8 — "the response is binary application/pdf". Never passed on
 * relabelled as a PDF.
 */
export class AnnuityNotPdfError extends AnnuityContractError {
  override name = 'AnnuityNotPdfError';
  constructor(
    operation: string,
    requestId: string | null,
    readonly contentType: string,
  ) {
    super(operation, requestId, [
      `the document is not a PDF (it came as ${contentType || 'no content type'})`,
    ]);
  }
}
