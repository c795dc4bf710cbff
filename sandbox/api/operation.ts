import type { Handler } from 'hono';
import type { Scope } from '../../lib/annuity/schemas';
import { RuleViolation } from '../domain/rule-violation';
import type { TenantState } from '../domain/tenant-state';
import { instanceOf, type SandboxContext, type SandboxEnv } from '../http/context';
import { problemResponse } from '../http/problems';
import type { ApiKeyRecord, SandboxService } from '../service';
import { InputReader } from './query';
import type { ViewContext } from './views';

/** spec: Authentication 4 — exactly one scope per operation. */
export const OPERATION_SCOPES = {
  getPatents: 'patents:read',
  getPatent: 'patents:read',
  getPatentEvents: 'patents:read',
  getPatentEvent: 'patents:read',
  getPatentEventFees: 'patents:read',
  getPatentEventsByPeriod: 'patents:read',
  getInvoiceDocument: 'patents:read',
  getInstructionReceiptDocument: 'patents:read',
  getOfficialReceiptDocument: 'patents:read',
  postPatentInstructions: 'patents:instructions:write',
  getInvoices: 'invoices:read',
  getInvoice: 'invoices:read',
  getExchangeRateFreezes: 'exchange-rate-freezes:write',
  getExchangeRateFreeze: 'exchange-rate-freezes:write',
  putExchangeRateFreeze: 'exchange-rate-freezes:write',
} as const satisfies Record<string, Scope>;

export type OperationName = keyof typeof OPERATION_SCOPES;

export interface OperationContext {
  c: SandboxContext;
  tenant: TenantState;
  key: ApiKeyRecord;
  input: InputReader;
  view: ViewContext;
}

/**
 * The one gate every API v2 operation goes through, in this order:
 * 1. authentication (spec: Authentication 6) — 401, no quota used;
 * 2. the daily quota (spec: Limits 2) — every authenticated request counts; 429 with Retry-After
 *    and without RateLimit headers when exhausted;
 * 3. the scope (spec: Authentication 4) — before the request is looked at, so an empty instruction
 *    batch tells a key with the write scope (400) from one without it (403 with requiredScope);
 * 4. the operation itself, whose rule violations become problems.
 * RateLimit-Limit/-Remaining/-Reset go on every answer to an authenticated request but a 429.
 */
export function operation(
  service: SandboxService,
  name: OperationName,
  handler: (context: OperationContext) => Response | Promise<Response>,
): Handler<SandboxEnv> {
  const scope = OPERATION_SCOPES[name];
  return async (c) => {
    const requestId = c.get('requestId');
    const instance = instanceOf(c);
    const auth = service.authenticate(c.req.header('x-api-key'));
    if (!auth.ok) return problemResponse({ code: auth.code, detail: auth.detail, instance, requestId });

    const quota = service.usage.consume(auth.key.id, auth.key.dailyLimit, name, service.clock.realNow());
    if (!quota.allowed) {
      return problemResponse(
        {
          code: 'rate_limit_exceeded',
          detail: `The daily quota of ${quota.limit} calls for this key is used up; it resets at midnight server time.`,
          instance,
          requestId,
        },
        { 'Retry-After': String(quota.resetSeconds) },
      );
    }

    let response: Response;
    try {
      if (!auth.key.scopes.has(scope)) {
        throw new RuleViolation(
          'insufficient_scope',
          `${name} needs the ${scope} scope, which this key does not have.`,
          {
            requiredScope: scope,
          },
        );
      }
      const tenant = auth.key.tenant;
      // A deferred mode: what the clock has made due is executed before the service answers.
      service.executeDue(tenant);
      response = await handler({
        c,
        tenant,
        key: auth.key,
        input: new InputReader(new URL(c.req.url).searchParams),
        view: service.viewContext(tenant),
      });
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      response = problemResponse({
        code: error.code,
        detail: error.detail,
        instance,
        requestId,
        extensions: error.extensions,
      });
    }
    response.headers.set('RateLimit-Limit', String(quota.limit));
    response.headers.set('RateLimit-Remaining', String(quota.remaining));
    response.headers.set('RateLimit-Reset', String(quota.resetSeconds));
    return response;
  };
}
