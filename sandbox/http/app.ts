import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import { openApiDocument } from '../api/openapi';
import { API_ROOT, registerApiRoutes } from '../api/routes';
import { RuleViolation } from '../domain/rule-violation';
import { OPERATOR_ROOT, registerOperatorRoutes } from '../operator/routes';
import type { SandboxService } from '../service';
import { DROPPED_RESPONSES, instanceOf, type SandboxEnv } from './context';
import { FaultInjector, injectedFaultCode } from './faults';
import { jsonResponse, problemResponse } from './problems';

export interface SandboxApp {
  app: Hono<SandboxEnv>;
  faults: FaultInjector;
}

/** An inbound X-Request-Id is echoed when it is a sane header value; otherwise one is generated. */
const ECHOABLE_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/** Writes the gateway fault sends on to the service after answering 504 for them. */
const GATEWAY_REPLAYS = new WeakSet<Request>();

export function createSandboxApp(options: {
  service: SandboxService;
  operatorToken: string;
  faults?: FaultInjector;
  log?: (message: string, error?: unknown) => void;
}): SandboxApp {
  const { service } = options;
  const faults = options.faults ?? new FaultInjector();
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const app = new Hono<SandboxEnv>();

  // spec: Authentication 8 — every response carries X-Request-Id; a non-empty inbound one is echoed.
  app.use('*', async (c, next) => {
    const inbound = c.req.header('x-request-id')?.trim() ?? '';
    const requestId = ECHOABLE_REQUEST_ID.test(inbound) ? inbound : randomUUID();
    c.set('requestId', requestId);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
  });

  app.get(`${API_ROOT}/openapi.json`, () => jsonResponse(openApiDocument()));

  app.use(`${API_ROOT}/*`, async (c, next) => {
    // serverErrorBursts (profiles.ts): 5xx behaviour is not shown (spec: Errors), so a profile may
    // answer bursts of 503 to reads, like a gateway in front of a redeploying service. Reads only,
    // so no write's outcome is ever left unknown by the profile; the operator's faults, when set,
    // replace it (a test of faults gets exactly the faults it asked for).
    if (c.req.method === 'GET' && !faults.isActive && service.profile.nextGetFails()) {
      return problemResponse(
        {
          code: 'service_unavailable',
          status: 503,
          detail: 'The service is briefly unavailable; retry the request.',
          instance: instanceOf(c),
          requestId: c.get('requestId'),
        },
        { 'Retry-After': '1' },
      );
    }
    // A write the gateway fault is replaying reaches the service itself (see gatewayTimeout).
    if (GATEWAY_REPLAYS.has(c.req.raw)) return next();
    const gateway = faults.gatewayTimeoutFor(c.req.method, instanceOf(c));
    if (gateway) return gatewayTimeout(c.req.raw, gateway);
    const decision = faults.decide(instanceOf(c));
    if (!decision) return next();
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    if (decision.outcome === 'drop') {
      // The operation may run first: then its effect stands and only the answer is lost.
      if (decision.dropPhase === 'after') await next();
      // Destroy the connection without an answer, as a crashed gateway would.
      c.env?.incoming?.socket.destroy();
      const dropped = new Response(null, { status: 502 });
      DROPPED_RESPONSES.add(dropped);
      return dropped;
    }
    if (decision.outcome === 'error') {
      return problemResponse(
        {
          code: injectedFaultCode(decision.errorStatus),
          status: decision.errorStatus,
          detail: 'Injected fault (operator API): the request was not processed.',
          instance: instanceOf(c),
          requestId: c.get('requestId'),
        },
        decision.errorStatus === 429 || decision.errorStatus === 503 ? { 'Retry-After': '1' } : {},
      );
    }
    return next();
  });

  /**
   * The gateway fault (FaultSettings `gatewayTimeout`): the gateway answers 504 with its own HTML
   * page while the write goes on to the service a few seconds later and is executed there, so
   * the client sees a 5xx for work that gets done (spec: Errors, 5xx behaviour "not shown").
   */
  async function gatewayTimeout(
    request: Request,
    { answerAfterMs, executeAfterMs }: { answerAfterMs: number; executeAfterMs: number },
  ): Promise<Response> {
    const body = request.body ? await request.arrayBuffer() : null;
    const replay = new Request(request.url, { method: request.method, headers: request.headers, body });
    GATEWAY_REPLAYS.add(replay);
    setTimeout(() => {
      void Promise.resolve(app.fetch(replay)).catch((error: unknown) =>
        log('sandbox: a write replayed behind the gateway fault failed', error),
      );
    }, executeAfterMs).unref?.();
    if (answerAfterMs > 0) await sleep(answerAfterMs);
    return new Response('<html><body><h1>504 Gateway Time-out</h1></body></html>', {
      status: 504,
      headers: { 'content-type': 'text/html' },
    });
  }

  registerApiRoutes(app, service, faults);
  registerOperatorRoutes(app, service, faults, options.operatorToken);

  app.notFound((c) =>
    problemResponse({
      code: 'not_found',
      detail: `There is no ${c.req.method} ${instanceOf(c)}${instanceOf(c).startsWith(OPERATOR_ROOT) ? ' in the operator API' : ''}.`,
      instance: instanceOf(c),
      requestId: c.get('requestId'),
    }),
  );

  app.onError((error, c) => {
    const requestId = c.get('requestId') ?? randomUUID();
    if (error instanceof RuleViolation) {
      return problemResponse({
        code: error.code,
        detail: error.detail,
        instance: instanceOf(c),
        requestId,
        extensions: error.extensions,
      });
    }
    log(`sandbox: ${c.req.method} ${instanceOf(c)} failed (request ${requestId})`, error);
    return problemResponse({
      code: 'internal_error',
      detail: `The request failed inside the service. Reference: ${requestId}.`,
      instance: instanceOf(c),
      requestId,
    });
  });

  return { app, faults };
}
