/**
 * Our own API's error bodies: RFC 9457 problem+json, like the service's, with the request id for
 * support and, for bad input, the fields at fault.
 */
export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemInit {
  title: string;
  status: number;
  detail: string;
  code: string;
  requestId: string;
  errors?: FieldError[];
  /** Extension members (RFC 9457 §3.2), e.g. the event a decision problem concerns. */
  extensions?: Record<string, unknown>;
}

/** A problem as the one mapping (error-mapping.ts) gives it, before it becomes a response. */
export interface MappedProblem extends ProblemInit {
  retryAfterSeconds?: number;
  /** The service's X-Request-Id when the problem came from upstream, for support. */
  upstreamRequestId?: string;
}

export function problemResponse(init: ProblemInit, headers: Record<string, string> = {}): Response {
  const { extensions, ...core } = init;
  const body = { type: `/problems/${init.code.replaceAll('_', '-')}`, ...extensions, ...core };
  return new Response(JSON.stringify(body), {
    status: init.status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * The 404 of a record the user named that is gone (deleted or cleared elsewhere, or another
 * client's): `detail` says which record, in the user's words.
 */
export function notFoundResponse(detail: string, requestId: string): Response {
  return problemResponse({ status: 404, code: 'not_found', title: 'Not found', detail, requestId });
}
