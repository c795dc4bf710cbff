import { PROBLEM_STATUS, type Strict } from '../../lib/annuity/schemas';
import type { RuleViolation } from '../domain/rule-violation';

/**
 * Problem documents (spec: Errors, RFC 9457): `type` is /errors/ + the code with hyphens, `instance`
 * the request path, `requestId` the response's X-Request-Id. Extensions appear only on the codes
 * that carry them (requiredScope, errors, the instruction_skipped pair).
 */

const TITLES: Record<string, string> = {
  validation_failed: 'Validation failed',
  invalid_api_key: 'Invalid API key',
  api_key_expired: 'API key expired',
  insufficient_scope: 'Insufficient scope',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  instruction_already_set: 'Instruction already set',
  instruction_too_early: 'Instruction too early',
  instruction_skipped: 'Earlier renewal pending',
  instruction_lapsed: 'Decision not offered',
  rate_limit_exceeded: 'Rate limit exceeded',
  // Operator API and injected faults (not part of API v2).
  unauthorized: 'Unauthorized',
  conflict: 'Conflict',
  internal_error: 'Internal server error',
  service_unavailable: 'Service unavailable',
  injected_fault: 'Injected fault',
};

/** Status of the codes outside the v2 table (operator API, injected faults). */
const OTHER_STATUS: Record<string, number> = { unauthorized: 401, conflict: 409, internal_error: 500 };

function statusOf(code: string): number {
  return (PROBLEM_STATUS as Record<string, number>)[code] ?? OTHER_STATUS[code] ?? 500;
}

function problemTypeOf(code: string): string {
  return `/errors/${code.replaceAll('_', '-')}`;
}

export interface ProblemInput {
  code: string;
  detail: string;
  status?: number;
  instance: string;
  requestId: string;
  extensions?: RuleViolation['extensions'];
}

function problemBody(input: ProblemInput): Strict.Problem {
  const body: Strict.Problem = {
    type: problemTypeOf(input.code),
    title: TITLES[input.code] ?? 'Error',
    status: input.status ?? statusOf(input.code),
    detail: input.detail,
    instance: input.instance,
    code: input.code,
    requestId: input.requestId,
  };
  const extensions = input.extensions ?? {};
  if (extensions.requiredScope !== undefined)
    body.requiredScope = extensions.requiredScope as Strict.Problem['requiredScope'];
  if (extensions.errors !== undefined) body.errors = extensions.errors;
  if (extensions.clientCaseReference !== undefined) body.clientCaseReference = extensions.clientCaseReference;
  if (extensions.missingPreviousRenewalDates !== undefined) {
    body.missingPreviousRenewalDates = extensions.missingPreviousRenewalDates;
  }
  return body;
}

export function problemResponse(input: ProblemInput, headers: Record<string, string> = {}): Response {
  const body = problemBody(input);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': input.requestId, ...headers },
  });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}
