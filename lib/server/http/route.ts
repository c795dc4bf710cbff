/**
 * `lib/server/http/`: the request pipeline, on top of every feature: `route.ts` (`defineRoute`:
 * request id, host and same-origin checks, session (and a pending password change: only routes
 * marked `duringPasswordChange` answer), permissions, zod parsing with 400s naming the field, the
 * one error mapping, refusals audited), `request-context.ts` (the request id and locale of pages
 * and route handlers, `loadForPage`), `preference-cookie.ts` (a browser choice kept in a cookie only
 * the server reads). Imported by `app/` only.
 */
import 'server-only';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { getEnv } from '../../env';
import { allowedHosts, clientAddress, requestHost, servedOverHttps } from '../../http/forwarded';
import { searchParamsToObject } from '../../http/query';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../http/request-id';
import {
  API_CONTENT_SECURITY_POLICY,
  STATIC_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from '../../http/security-headers';
import { requestLogger } from '../../log';
import { can, type Permission, type Role } from '../../policy/roles';
import { recordAudit, soleClientOf } from '../audit/audit';
import { auditRefusal } from '../audit/refusals';
import { trustedOrigins } from '../auth/auth';
import { type Viewer, viewerFromHeaders } from '../auth/session';
import { type ClientScope, requestClientScope } from '../clients/scope';
import { DomainError } from '../errors/domain-error';
import { errorToProblem } from '../errors/error-mapping';
import { type FieldError, problemResponse } from '../errors/problem';

/**
 * Who may call a route: a permission from the table, several of them (all are needed: reading
 * invoices and taking them away as a file), any signed-in user, or anyone.
 */
export type RouteAccess = Permission | readonly [Permission, ...Permission[]] | 'signed-in' | 'public';

/** Whether a role passes a route's access rule (the role × route matrix test asks the same). */
export function allows(role: Role | null, access: RouteAccess): boolean {
  if (access === 'public') return true;
  if (!role) return false;
  if (access === 'signed-in') return true;
  const needed: readonly Permission[] = typeof access === 'string' ? [access] : access;
  return needed.every((permission) => can(role, permission));
}

export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  access: RouteAccess;
  /** Audit action name: a refused or failed call is then audited too (successes audit themselves). */
  audit?: string;
  /**
   * Open to a user who must first change a password an administrator set (changing it, signing
   * out). Every other route answers them 403 password_change_required.
   */
  duringPasswordChange?: boolean;
  /**
   * A public route whose only credential is a signed token in its URL, never the session: posted
   * from other sites by design (one-click unsubscribe, RFC 8058 3.2: the mail provider posts from
   * its own servers), so the same-origin check does not apply. Its handler must not use the viewer.
   */
  tokenInUrl?: boolean;
  params?: P;
  query?: Q;
  body?: B;
}

export interface RouteContext<P, Q, B, V> {
  request: Request;
  viewer: V;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  log: Logger;
  /**
   * The clients this request may read and act for (the viewer's grants, narrowed to the header's
   * choice), read on first use. Every handler that reads client data keeps to it.
   */
  clients: () => Promise<ClientScope>;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type RouteViewer<A extends RouteAccess> = A extends 'public' ? Viewer | null : Viewer;
type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request without a viewer (a public route) reads no client's data. */
const NO_CLIENTS: ClientScope = { connections: [], clients: [], chosen: null, allClients: false };

/**
 * Every route handler of the dashboard goes through here, in this order: request id, same-origin
 * check on state-changing methods, session, role (from the one permission table), input parsing
 * with zod (400 naming the field), the handler, and one error mapping. A handler cannot forget a
 * step because it never sees a request that skipped one.
 */
export function defineRoute<
  A extends RouteAccess,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  spec: RouteSpec<P, Q, B> & { access: A },
  handler: (
    context: RouteContext<Output<P>, Output<Q>, Output<B>, RouteViewer<A>>,
  ) => Promise<Response | unknown>,
) {
  const route = async (request: Request, nextContext?: NextRouteContext): Promise<Response> => {
    const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
    const response = await handle(request, requestId, nextContext);
    // proxy.ts skips /api (one pass less on the month view's 2 MB answer): the headers that
    // matter for an API answer are set here instead, on every answer, refusals included.
    response.headers.set(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
    if (!response.headers.has('content-security-policy') && !isPdf(response))
      response.headers.set('content-security-policy', API_CONTENT_SECURITY_POLICY);
    const env = getEnv();
    if (servedOverHttps(request.headers, env.PUBLIC_URL, env.TRUST_PROXY))
      response.headers.set('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return response;
  };
  const handle = async (
    request: Request,
    requestId: string,
    nextContext?: NextRouteContext,
  ): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const log = requestLogger(requestId, { method: request.method, path });
    let auditActor: { userId: string; email: string } | null = null;
    let scope: Promise<ClientScope> | undefined;
    // A refusal of our own is audited (route, code, who or from where; never the body).
    const fail = async (
      status: number,
      code: string,
      title: string,
      detail: string,
      errors?: FieldError[],
    ) => {
      await auditRefusal({
        method: request.method,
        path,
        status,
        code,
        actor: auditActor,
        address: clientAddress(request.headers, getEnv().TRUST_PROXY),
        requestId,
      });
      return problemResponse({ status, code, title, detail, requestId, errors });
    };

    try {
      // Public reads (the health probe a load balancer sends to an instance's own address) are
      // exempt: they carry no session, which is what a rebound or forged host would be after.
      const publicRead = spec.access === 'public' && SAFE_METHODS.has(request.method);
      if (!publicRead && !isExpectedHost(request)) {
        return fail(
          421,
          'misdirected_request',
          'Request refused',
          'This address is not the one the dashboard is configured to answer on.',
        );
      }
      const crossSiteAllowed = spec.access === 'public' && spec.tokenInUrl === true;
      if (!SAFE_METHODS.has(request.method) && !crossSiteAllowed && !isSameOrigin(request)) {
        return fail(
          403,
          'cross_origin_request',
          'Request refused',
          'State-changing requests must come from this site.',
        );
      }

      const viewer =
        spec.access === 'public'
          ? await viewerFromHeaders(request.headers).catch(() => null)
          : await viewerFromHeaders(request.headers);
      if (viewer) auditActor = { userId: viewer.userId, email: viewer.email };
      if (spec.access !== 'public') {
        if (!viewer)
          return fail(401, 'unauthenticated', 'Sign-in required', 'Your session has ended. Sign in again.');
        if (viewer.mustChangePassword && !spec.duringPasswordChange) {
          return fail(
            403,
            'password_change_required',
            'Password change required',
            'An administrator set your password. Change it before doing anything else.',
          );
        }
        if (!allows(viewer.role, spec.access)) {
          return fail(
            403,
            'forbidden_for_role',
            'Not allowed for your role',
            'Your role does not allow this action.',
          );
        }
      }

      const inputs: Record<'params' | 'query' | 'body', unknown> = {
        params: undefined,
        query: undefined,
        body: undefined,
      };
      const fieldErrors: FieldError[] = [];
      const parse = (where: 'params' | 'query' | 'body', schema: z.ZodType | undefined, raw: unknown) => {
        if (!schema) return;
        const result = schema.safeParse(raw);
        if (result.success) inputs[where] = result.data;
        else fieldErrors.push(...zodIssuesToFieldErrors(result.error, where));
      };
      parse('params', spec.params, nextContext ? await nextContext.params : {});
      parse('query', spec.query, searchParamsToObject(new URL(request.url).searchParams));
      if (spec.body) {
        const raw = await readJsonBody(request);
        if (raw === TOO_LARGE) {
          return fail(413, 'body_too_large', 'Request too large', 'The request body is too large.', [
            { field: 'body', message: `At most ${MAX_BODY_BYTES / 1024} KB` },
          ]);
        }
        if (raw === INVALID_JSON) {
          return fail(400, 'invalid_json', 'Invalid request', 'The request body must be JSON.', [
            { field: 'body', message: 'Not valid JSON' },
          ]);
        }
        parse('body', spec.body, raw);
      }
      if (fieldErrors.length > 0) {
        const fields = [...new Set(fieldErrors.map((e) => e.field))].join(', ');
        return fail(400, 'invalid_input', 'Invalid request', `Check these fields: ${fields}.`, fieldErrors);
      }

      const clients = () => {
        if (!viewer) return Promise.resolve(NO_CLIENTS);
        scope ??= requestClientScope(viewer.userId, request);
        return scope;
      };
      const result = await handler({
        request,
        clients,
        viewer: viewer as RouteViewer<A>,
        params: inputs.params as Output<P>,
        query: inputs.query as Output<Q>,
        body: inputs.body as Output<B>,
        requestId,
        log,
      });
      return result instanceof Response
        ? result
        : Response.json(result, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      const problem = errorToProblem(error, requestId);
      // Our own failure is an error with its stack; a failing or unreachable service is a warning
      // (it is reported to the user, and the service's request id is in the problem).
      if (problem.code === 'internal_error') log.error({ err: error }, 'route failed');
      else log.warn({ code: problem.code }, 'route refused');
      if (!spec.audit && [400, 401, 403].includes(problem.status)) {
        await auditRefusal({
          method: request.method,
          path,
          status: problem.status,
          code: problem.code,
          actor: auditActor,
          address: clientAddress(request.headers, getEnv().TRUST_PROXY),
          requestId,
        });
      }
      if (spec.audit && !(error instanceof DomainError && error.auditedByFeature)) {
        // A failure is its client's when the handler read the request's clients and they are one.
        const connections = scope ? (await scope.catch(() => NO_CLIENTS)).connections : [];
        await recordAudit({
          actor: auditActor,
          action: spec.audit,
          connection: soleClientOf(connections),
          outcome: 'failure',
          requestId,
          upstreamRequestIds: problem.upstreamRequestId ? [problem.upstreamRequestId] : [],
          details: { code: problem.code, status: problem.status },
        });
      }
      return problemResponse(
        problem,
        problem.retryAfterSeconds ? { 'retry-after': String(problem.retryAfterSeconds) } : {},
      );
    }
  };
  // Read by the role × route matrix test, so a new route is checked against the permission table.
  return Object.assign(route, { access: spec.access as RouteAccess, tokenInUrl: spec.tokenInUrl === true });
}

const INVALID_JSON = Symbol('invalid-json');
const TOO_LARGE = Symbol('too-large');

/**
 * Our largest body is a draft of 500 decisions (about 250 KB); anything far beyond is refused
 * before it is read whole, so a caller (even signed out, on sign-in) cannot exhaust memory.
 */
const MAX_BODY_BYTES = 1024 * 1024;

async function readLimitedText(request: Request): Promise<string | typeof TOO_LARGE> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_BODY_BYTES) return TOO_LARGE;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readLimitedText(request);
  if (text === TOO_LARGE) return TOO_LARGE;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

function zodIssuesToFieldErrors(error: z.ZodError, where: string): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : where,
    message: issue.message,
  }));
}

/**
 * CSRF defence for cookie-authenticated requests: the browser's Origin must be the configured
 * public URL (or a local alias of it); failing an Origin, its Sec-Fetch-Site must say same-origin.
 * The request's own Host is not trusted to widen the list: it is the attacker's to choose.
 */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin) return trustedOrigins(getEnv()).includes(origin);
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * The Host asked for must be the public URL's (or a local alias): a DNS-rebound name, or a
 * forged Host used to build links, is refused before any work. X-Forwarded-Host counts only from
 * a trusted proxy (TRUST_PROXY).
 */
function isExpectedHost(request: Request): boolean {
  const env = getEnv();
  return allowedHosts(env.PUBLIC_URL, env.PORT).has(
    requestHost(request.headers, request.url, env.TRUST_PROXY),
  );
}

function isPdf(response: Response): boolean {
  return response.headers.get('content-type')?.startsWith('application/pdf') === true;
}
