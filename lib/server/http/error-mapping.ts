import { UserAccountError } from '../auth/user-accounts';
import { UpstreamNotConfiguredError } from '../connection/upstream';
import { ApprovalError, DecisionInputError } from '../decisions/errors';
import { RefreshCapError } from '../sync/refresh-now';
import type { ProblemInit } from './problem';
import { upstreamErrorToProblem } from './upstream-errors';

export interface MappedProblem extends ProblemInit {
  retryAfterSeconds?: number;
  /** The service's X-Request-Id when the problem came from upstream, for support. */
  upstreamRequestId?: string;
}

const USER_ACCOUNT_STATUS: Record<UserAccountError['code'], number> = {
  email_taken: 409,
  not_found: 404,
  last_admin: 409,
  self_change: 409,
  breached_password: 400,
  wrong_current_password: 400,
  same_password: 400,
  too_many_attempts: 429,
};

/**
 * The one table from a thrown error to what a user reads. Anything unrecognised becomes a 500
 * with the request id and no internal detail.
 */
export function errorToProblem(error: unknown, requestId: string): MappedProblem {
  const upstream = upstreamErrorToProblem(error, requestId);
  if (upstream) return upstream;
  if (error instanceof UpstreamNotConfiguredError) {
    return {
      status: 503,
      code: 'upstream_not_configured',
      title: 'No service connection',
      detail: 'The renewal service connection is not configured. An administrator must set it up.',
      requestId,
    };
  }
  if (error instanceof DecisionInputError) {
    return {
      status: error.status,
      code: error.code,
      title: error.code === 'approval_required' ? 'Approval required' : 'The decisions cannot be sent',
      detail: error.message,
      requestId,
      extensions: { ...error.extensions, events: error.events },
    };
  }
  if (error instanceof ApprovalError) {
    return {
      status: error.status,
      code: error.code,
      title: error.status === 404 ? 'Not found' : 'The approval cannot be done',
      detail: error.message,
      requestId,
    };
  }
  if (error instanceof RefreshCapError) {
    return {
      status: error.status,
      code: error.code,
      title: 'Refresh limit reached',
      detail: error.message,
      requestId,
    };
  }
  if (error instanceof UserAccountError) {
    return {
      status: USER_ACCOUNT_STATUS[error.code],
      code: error.code,
      title: 'Not possible',
      detail: error.message,
      requestId,
    };
  }
  return {
    status: 500,
    code: 'internal_error',
    title: 'Something went wrong',
    detail: `The dashboard could not complete this request. If it happens again, contact support with reference ${requestId}.`,
    requestId,
  };
}
