/**
 * What browser code uses to call our own route handlers: JSON in and out, and a thrown ApiProblem
 * carrying the server's problem body (message, fields, request id) when the answer is not 2xx.
 */
export interface ApiProblemBody {
  title?: string;
  detail?: string;
  code?: string;
  status?: number;
  requestId?: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

export class ApiProblem extends Error {
  override name = 'ApiProblem';
  constructor(
    readonly status: number,
    readonly body: ApiProblemBody,
  ) {
    super(body.detail ?? body.title ?? `Request failed (${status})`);
  }
  get code(): string | undefined {
    return this.body.code;
  }
  get requestId(): string | undefined {
    return this.body.requestId;
  }
}

/** Problems a retry cannot change: the service's answer for this key stays the same. */
const FINAL_UPSTREAM_CODES = new Set([
  'upstream_key_expired',
  'upstream_key_invalid',
  'upstream_scope_missing',
  'upstream_forbidden',
  'upstream_quota_exhausted',
  'upstream_unexpected_answer',
  'upstream_not_a_pdf',
  'upstream_not_configured',
]);

/** Whether asking our server again may get a different answer (a 5xx of a passing outage). */
export function isWorthRetrying(error: ApiProblem): boolean {
  if (error.status < 500) return false;
  return !FINAL_UPSTREAM_CODES.has(error.code ?? '');
}

/**
 * What a failed call says to the user: our problem's own words when the server answered with one,
 * else the fallback that names what could not be done (a thrown TypeError means nothing to them).
 */
export function problemMessage(error: unknown, fallback: string): string {
  return error instanceof ApiProblem ? error.message : fallback;
}

/** A failure as a problem body for ProblemPanel: the server's when there is one. */
export function problemBody(error: Error): ApiProblemBody {
  return error instanceof ApiProblem ? error.body : { detail: error.message };
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiProblem(0, {
      title: 'Connection lost',
      detail: 'The dashboard could not be reached. Check your connection and try again.',
      code: 'network_error',
    });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const problem: ApiProblemBody =
      body && typeof body === 'object'
        ? (body as ApiProblemBody)
        : { detail: `The request failed (${response.status}).` };
    throw new ApiProblem(response.status, problem);
  }
  return body as T;
}
