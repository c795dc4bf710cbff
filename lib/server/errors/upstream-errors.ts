import 'server-only';
import {
  AnnuityApiError,
  AnnuityContractError,
  AnnuityNetworkError,
  AnnuityNotPdfError,
  AnnuityOutcomeUnknownError,
} from '../../annuity/errors';
import type { MappedProblem } from './problem';

const SCOPE_LABELS: Record<string, string> = {
  'patents:read': 'reading the portfolio (patents:read)',
  'patents:instructions:write': 'sending renewal decisions (patents:instructions:write)',
  'invoices:read': 'reading invoices (invoices:read)',
  'exchange-rate-freezes:write': 'exchange-rate freezes (exchange-rate-freezes:write)',
};

// A business-level 403 names what is not enabled when the operation tells (spec: Authentication 6).
const FEATURE_BY_OPERATION: Record<string, string> = {
  getExchangeRateFreezes: 'Freezing exchange rates',
  getExchangeRateFreeze: 'Freezing exchange rates',
  putExchangeRateFreeze: 'Freezing exchange rates',
};

function localTime(date: Date): string {
  return date.toLocaleString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    timeZoneName: 'short',
  });
}

/**
 * The one table from a service error to what a paralegal reads (spec: Errors, Authentication 6).
 * Every message says what happened and what to do, and carries the request ids for support.
 */
export function upstreamErrorToProblem(
  error: unknown,
  requestId: string,
  now = new Date(),
): MappedProblem | null {
  if (error instanceof AnnuityOutcomeUnknownError) {
    return {
      status: 504,
      code: 'outcome_unknown',
      title: 'No answer from the renewal service',
      detail:
        'The service did not answer in time, so it is not known whether it acted. Check the current state before trying again.',
      requestId,
    };
  }
  if (error instanceof AnnuityNetworkError) {
    return {
      status: 502,
      code: 'upstream_unreachable',
      title: 'The renewal service cannot be reached',
      detail: 'The renewal service is not answering. Try again in a few minutes; nothing was changed.',
      requestId,
    };
  }
  if (error instanceof AnnuityNotPdfError) {
    return {
      status: 502,
      code: 'upstream_not_a_pdf',
      title: 'The renewal service sent no PDF',
      detail: `The renewal service answered with ${error.contentType ? `a ${error.contentType.split(';')[0]} page` : 'something'} instead of the PDF document, so nothing was downloaded${error.requestId ? ` (service reference ${error.requestId})` : ''}. Try again later; contact support if it persists.`,
      requestId,
      upstreamRequestId: error.requestId ?? undefined,
    };
  }
  if (error instanceof AnnuityContractError) {
    return {
      status: 502,
      code: 'upstream_unexpected_answer',
      title: 'Unexpected answer from the renewal service',
      detail: `The renewal service answered in a form the dashboard does not understand${error.requestId ? ` (service reference ${error.requestId})` : ''}. Contact support if it persists.`,
      requestId,
      upstreamRequestId: error.requestId ?? undefined,
    };
  }
  if (!(error instanceof AnnuityApiError)) return null;

  const base = { requestId, upstreamRequestId: error.requestId ?? undefined };
  const withRef = (detail: string) =>
    error.requestId ? `${detail} (service reference ${error.requestId})` : detail;
  switch (error.code) {
    case 'api_key_expired':
      return {
        ...base,
        status: 503,
        code: 'upstream_key_expired',
        title: 'The API key has expired',
        detail: withRef(
          'The API key has expired: nothing will work until an administrator installs a new one.',
        ),
      };
    case 'invalid_api_key':
      return {
        ...base,
        status: 503,
        code: 'upstream_key_invalid',
        title: 'The API key is not accepted',
        detail: withRef(
          'The renewal service does not accept the configured API key. An administrator must replace it.',
        ),
      };
    case 'insufficient_scope': {
      const scope = error.requiredScope ?? 'unknown';
      return {
        ...base,
        status: 503,
        code: 'upstream_scope_missing',
        title: 'The API key lacks a permission',
        detail: withRef(
          `The API key does not allow ${SCOPE_LABELS[scope] ?? scope}. An administrator must ask the service for a key with this scope.`,
        ),
        extensions: { requiredScope: scope },
      };
    }
    case 'forbidden': {
      const feature = FEATURE_BY_OPERATION[error.operation];
      return {
        ...base,
        status: 403,
        code: 'upstream_forbidden',
        title: feature ? `${feature} is not enabled` : 'Not enabled for your organisation',
        detail: withRef(
          feature
            ? `${feature} is not enabled for your account: ask the service to enable it. A different API key or scope does not help.`
            : 'The renewal service does not allow this for your organisation. Ask the service to enable it.',
        ),
      };
    }
    case 'rate_limit_exceeded': {
      const seconds = error.retryAfterSeconds ?? undefined;
      const until =
        seconds === undefined ? 'the daily reset' : localTime(new Date(now.getTime() + seconds * 1000));
      return {
        ...base,
        status: 429,
        code: 'upstream_quota_exhausted',
        title: 'Daily API quota used up',
        detail: withRef(`The team's daily API quota is used up until ${until}. Try again after that.`),
        retryAfterSeconds: seconds,
      };
    }
    case 'not_found':
      return {
        ...base,
        status: 404,
        code: 'not_found',
        title: 'Not found',
        detail: withRef('This record does not exist or is not part of your portfolio.'),
      };
    case 'validation_failed':
      return {
        ...base,
        status: 400,
        code: 'upstream_validation_failed',
        title: 'The service rejected the request',
        detail: withRef(error.problem?.detail ?? 'The renewal service found the request invalid.'),
        errors: (error.validationErrors ?? []).map((entry) => ({
          field: entry.pointer,
          message: entry.detail ?? 'invalid',
        })),
      };
    default:
      if (error.status >= 500 || error.status === 0) {
        return {
          ...base,
          status: 502,
          code: 'upstream_failing',
          title: 'The renewal service is failing',
          detail: withRef(
            'The renewal service answered with an error. Try again in a few minutes; nothing was changed.',
          ),
        };
      }
      // Instruction problems and codes a later v2 may add: keep the service's code and words.
      return {
        ...base,
        status: error.status,
        code: error.code,
        title: error.problem?.title ?? 'The renewal service refused the request',
        detail: withRef(error.problem?.detail ?? error.message),
      };
  }
}
