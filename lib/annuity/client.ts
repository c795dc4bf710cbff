import 'server-only';
import type { z } from 'zod';
import { filenameFromDisposition } from './content-disposition';
import {
  AnnuityApiError,
  AnnuityContractError,
  AnnuityNetworkError,
  AnnuityNotPdfError,
  AnnuityOutcomeUnknownError,
} from './errors';
import {
  type ExchangeRateFreeze,
  type ExchangeRateFreezeSummary,
  type Fees,
  type InstructionReceipt,
  type InstructionRequest,
  type Invoice,
  type Page,
  type Patent,
  type PatentEvent,
  type Problem,
  tolerant,
} from './schemas';

/**
 * The one place that talks to the service (spec: Endpoints) and the only code that sets
 * `x-api-key`. It validates every answer with the tolerant schemas, retries only what is safe to
 * repeat, and reports each answer's request id and quota headers.
 */

export interface RateLimitMeta {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface ResponseMeta {
  operation: string;
  status: number;
  requestId: string | null;
  /** spec: Limits 3 — on every authenticated success, absent on a 429. */
  rateLimit: RateLimitMeta | null;
}

export interface ApiResult<T> {
  data: T;
  meta: ResponseMeta;
}

/**
 * An answer read but not parsed yet. `parse()` validates it exactly as the parsing methods do
 * (the same schema, the same AnnuityContractError). For a caller that can reuse the result of an
 * identical body it saw before: the body is the key, so it need not parse what it already has.
 */
export interface UnparsedResult<T> {
  body: string;
  meta: ResponseMeta;
  parse(): T;
}

export interface AnnuityDocument {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  filename: string | null;
  contentLength: number | null;
}

export interface CallOptions {
  /** Forwarded as X-Request-Id so our log lines and the service's problem bodies share one id. */
  requestId?: string;
  signal?: AbortSignal;
}

export interface AnnuityClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  requestId?: string;
  /** Extra attempts for a repeatable call after a network error or a 5xx. */
  retries?: number;
  retryBaseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  onResponseMeta?: (meta: ResponseMeta) => void;
  /**
   * The X-Request-Id of one call, from the id the call was given (or the client's): each call
   * its own, so the service's log and problem bodies tell calls apart (spec: Authentication 8).
   * Without it the given id is sent as it is.
   */
  callRequestId?: (given: string | undefined, operation: string) => string | undefined;
}

export interface PageQuery {
  itemsPerPage?: number;
  currentPage?: number;
}

export interface PatentsQuery extends PageQuery {
  /** `field` ascending, `-field` descending (spec: Endpoints 1). */
  sort?: string;
  providerId?: string;
}

export type PeriodWindow = { dueMonth: string } | { dueFrom: string; dueTo: string };

export type PeriodQuery = PeriodWindow &
  PageQuery & {
    include?: readonly string[];
    eventTypes?: readonly string[];
    offices?: readonly string[];
    owners?: readonly string[];
    family?: readonly string[];
  };

/**
 * One page of the renewals due from `from` to `to` (inclusive), with their fees. Pinned to
 * renewals: any other kind that still comes is dropped by the reader (spec: Patent event).
 */
export function renewalsDueQuery(dueWindow: { from: string; to: string }, page: PageQuery): PeriodQuery {
  return {
    dueFrom: dueWindow.from,
    dueTo: dueWindow.to,
    include: ['fees'],
    eventTypes: ['RENEWAL'],
    ...page,
  };
}

type QueryValue = string | number | readonly string[] | undefined;

const API_ROOT = '/api/v2/external';
/** How long a document may take to stream once the service has answered. */
const DOCUMENT_STREAM_TIMEOUT_MS = 5 * 60_000;
/** The longest Retry-After a request waits out before asking again. */
const MAX_RETRY_AFTER_MS = 10_000;
/** Below this, a 429's Retry-After is a burst limit, not the daily quota. */
const BURST_LIMIT_MS = 60_000;

/** An abort signal that fires after `ms`, whose allowance can be reset once (see documents). */
function attemptDeadline(ms: number) {
  const controller = new AbortController();
  const fire = () => controller.abort(new DOMException('The call timed out', 'TimeoutError'));
  let timer = setTimeout(fire, ms);
  // A pending deadline never keeps a process (a script, a test worker) alive by itself.
  timer.unref?.();
  return {
    signal: controller.signal,
    extend(next: number) {
      clearTimeout(timer);
      timer = setTimeout(fire, next);
      timer.unref?.();
    },
  };
}
/** spec: Endpoints 6 to 8 — a PDF: the `%PDF-` header, which readers look for in the first 1,024 bytes. */
const PDF_HEADER_WITHIN = 1024;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];

function pdfHeaderAt(bytes: Uint8Array): number {
  const last = Math.min(bytes.byteLength, PDF_HEADER_WITHIN) - PDF_MAGIC.length;
  for (let at = 0; at <= last; at++) {
    if (PDF_MAGIC.every((byte, offset) => bytes[at + offset] === byte)) return at;
  }
  return -1;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAnnuityClient(options: AnnuityClientOptions) {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 2;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 250;
  const sleep = options.sleep ?? defaultSleep;

  function url(path: string, query: Record<string, QueryValue> = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      // Repeatable parameters are sent as repeated keys: offices=X&offices=Y (spec: Endpoints 9).
      if (Array.isArray(value)) for (const item of value) params.append(key, item);
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${API_ROOT}${path}${search ? `?${search}` : ''}`;
  }

  function metaOf(operation: string, response: Response): ResponseMeta {
    const int = (name: string) => {
      const raw = response.headers.get(name);
      const value = raw === null ? Number.NaN : Number.parseInt(raw, 10);
      return Number.isFinite(value) ? value : null;
    };
    const limit = int('RateLimit-Limit');
    const remaining = int('RateLimit-Remaining');
    const reset = int('RateLimit-Reset');
    return {
      operation,
      status: response.status,
      requestId: response.headers.get('X-Request-Id'),
      rateLimit:
        limit !== null && remaining !== null && reset !== null
          ? { limit, remaining, resetSeconds: reset }
          : null,
    };
  }

  async function problemOf(response: Response): Promise<Problem | null> {
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    try {
      // A body that echoes the key (a verbose proxy or error page) must not carry it into our errors
      // and from there into logs (spec: Authentication 3, keys are secrets).
      const raw = await response.text();
      const text = options.apiKey ? raw.split(options.apiKey).join('[redacted]') : raw;
      const parsed = tolerant.problem.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function apiError(
    operation: string,
    response: Response,
    meta: ResponseMeta,
  ): Promise<AnnuityApiError> {
    const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
    return new AnnuityApiError({
      status: response.status,
      operation,
      problem: await problemOf(response),
      requestId: meta.requestId,
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null,
    });
  }

  /**
   * Sends one request. Repeatable methods (GET, the idempotent freeze PUT) are retried with
   * backoff and jitter on network errors and 5xx (after a 503's Retry-After when it gives one);
   * never on another 4xx, and on a 429 only once after a burst limit's short Retry-After: the
   * daily quota's 429 lasts until the reset (spec: Limits 2). A POST is sent once: a lost answer is
   * AnnuityOutcomeUnknownError.
   */
  async function send(
    operation: string,
    method: 'GET' | 'POST' | 'PUT',
    target: string,
    init: { body?: unknown; accept?: string; readText?: boolean; passStatus?: number },
    call: CallOptions = {},
  ): Promise<{ response: Response; meta: ResponseMeta; text: string | null }> {
    const repeatable = method !== 'POST';
    const headers: Record<string, string> = {
      'x-api-key': options.apiKey,
      accept: init.accept ?? 'application/json',
    };
    const given = call.requestId ?? options.requestId;
    const requestId = options.callRequestId ? options.callRequestId(given, operation) : given;
    if (requestId) headers['X-Request-Id'] = requestId;
    if (init.body !== undefined) headers['content-type'] = 'application/json';

    const attempts = repeatable ? retries + 1 : 1;
    let burstWaited = false;
    let lastFailure: 'timeout' | 'network' = 'network';
    /** The answer was lost: throws, or waits before the next attempt of a repeatable call. */
    const lost = async (error: unknown, attempt: number, timeout: AbortSignal, answeredId: string | null) => {
      if (call.signal?.aborted) throw error;
      lastFailure = timeout.aborted ? 'timeout' : 'network';
      if (!repeatable) throw new AnnuityOutcomeUnknownError(operation, answeredId ?? requestId ?? null);
      if (attempt >= attempts) throw new AnnuityNetworkError(operation, lastFailure, attempt);
      await sleep(backoff(attempt));
    };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const deadline = attemptDeadline(timeoutMs);
      const timeout = deadline.signal;
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetchImpl(target, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal,
          redirect: 'error',
        });
      } catch (error) {
        await lost(error, attempt, timeout, null);
        continue;
      }
      const meta = metaOf(operation, response);
      options.onResponseMeta?.(meta);
      if (response.status === init.passStatus) return { response, meta, text: null };
      if (response.ok) {
        if (!init.readText) {
          // A document streams on to the browser: the answer came in time, and the transfer gets
          // a longer allowance of its own instead of being cut at the call's timeout.
          deadline.extend(DOCUMENT_STREAM_TIMEOUT_MS);
          return { response, meta, text: null };
        }
        // The body is read inside the attempt: a connection dropped or timed out mid-body is a lost
        // answer (retried for a GET, outcome unknown for a POST), not a malformed one.
        try {
          return { response, meta, text: await response.text() };
        } catch (error) {
          await lost(error, attempt, timeout, meta.requestId);
          continue;
        }
      }
      const retryAfter = retryAfterMs(response);
      if (response.status >= 500 && repeatable && attempt < attempts) {
        // A 503 that says when to come back is asked again then, not sooner (RFC 9110 Retry-After);
        // one that asks for longer than a request may wait is not asked again at all.
        if (retryAfter === null || retryAfter <= MAX_RETRY_AFTER_MS) {
          await response.body?.cancel().catch(() => undefined);
          await sleep(retryAfter ?? backoff(attempt));
          continue;
        }
      }
      // A 429 whose Retry-After is under a minute is a burst limit in front of the service, not the
      // daily quota (spec: Limits 2, whose 429 lasts until the service's midnight): waited out
      // once. A 429 is refused before any work, so a POST may be sent again too.
      if (response.status === 429 && !burstWaited && retryAfter !== null && retryAfter < BURST_LIMIT_MS) {
        burstWaited = true;
        await response.body?.cancel().catch(() => undefined);
        await sleep(retryAfter);
        attempt -= 1;
        continue;
      }
      const error = await apiError(operation, response, meta);
      // A gateway's 5xx without a problem body says nothing about whether a POST was executed.
      if (!repeatable && response.status >= 500 && error.problem === null) {
        throw new AnnuityOutcomeUnknownError(operation, meta.requestId ?? requestId ?? null);
      }
      throw error;
    }
    throw new AnnuityNetworkError(operation, lastFailure, attempts);
  }

  /** Retry-After in milliseconds, as seconds or as an HTTP date (RFC 9110); null when absent. */
  function retryAfterMs(response: Response): number | null {
    const value = response.headers.get('Retry-After');
    if (!value) return null;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
  }

  function backoff(attempt: number): number {
    const base = retryBaseDelayMs * 2 ** (attempt - 1);
    return Math.round(base * (0.5 + Math.random()));
  }

  async function json<S extends z.ZodType>(
    operation: string,
    method: 'GET' | 'POST' | 'PUT',
    target: string,
    schema: S,
    call?: CallOptions,
    body?: unknown,
  ): Promise<ApiResult<z.output<S>>> {
    const { meta, text } = await send(operation, method, target, { body, readText: true }, call);
    return { data: validated(operation, meta, text ?? '', schema), meta };
  }

  function validated<S extends z.ZodType>(
    operation: string,
    meta: ResponseMeta,
    text: string,
    schema: S,
  ): z.output<S> {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      throw new AnnuityContractError(operation, meta.requestId, ['the body is not JSON']);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new AnnuityContractError(
        operation,
        meta.requestId,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
      );
    }
    return parsed.data;
  }

  async function unparsedJson<S extends z.ZodType>(
    operation: string,
    target: string,
    schema: S,
    call?: CallOptions,
  ): Promise<UnparsedResult<z.output<S>>> {
    const { meta, text } = await send(operation, 'GET', target, { readText: true }, call);
    const body = text ?? '';
    return { body, meta, parse: () => validated(operation, meta, body, schema) };
  }

  /**
   * A document answer, byte for byte as the service sent the PDF. fetch undoes any
   * Content-Encoding a gateway applied (gzip, br, …) while Content-Length still counts the
   * encoded bytes, so the length is kept only for an unencoded body (a wrong length would cut
   * the download short). The first bytes are read before anything is passed on: a 2xx that is
   * not a PDF (spec: Endpoints 6 to 8, "binary application/pdf") is AnnuityNotPdfError.
   */
  async function documentOf(
    operation: string,
    response: Response,
    meta: ResponseMeta,
  ): Promise<ApiResult<AnnuityDocument>> {
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.body)
      throw new AnnuityContractError(operation, meta.requestId, ['the document has no body']);
    const encoding = (response.headers.get('content-encoding') ?? '').trim().toLowerCase();
    const length = Number.parseInt(response.headers.get('content-length') ?? '', 10);
    const stream = await pdfStream(operation, meta, response.body, contentType);
    return {
      data: {
        stream,
        contentType: contentType || 'application/pdf',
        filename: filenameFromDisposition(response.headers.get('content-disposition')),
        contentLength:
          Number.isFinite(length) && (encoding === '' || encoding === 'identity') ? length : null,
      },
      meta,
    };
  }

  /** The body again, from its first byte, once its head shows a PDF (`%PDF-` within 1,024 bytes). */
  async function pdfStream(
    operation: string,
    meta: ResponseMeta,
    body: ReadableStream<Uint8Array>,
    contentType: string,
  ): Promise<ReadableStream<Uint8Array>> {
    const reader = body.getReader();
    let head = new Uint8Array(0);
    let ended = false;
    try {
      while (head.byteLength < PDF_HEADER_WITHIN && pdfHeaderAt(head) < 0) {
        const next = await reader.read();
        if (next.done) {
          ended = true;
          break;
        }
        const joined = new Uint8Array(head.byteLength + next.value.byteLength);
        joined.set(head);
        joined.set(next.value, head.byteLength);
        head = joined;
      }
    } catch {
      throw new AnnuityNetworkError(operation, 'network', 1);
    }
    if (pdfHeaderAt(head) < 0) {
      await reader.cancel().catch(() => undefined);
      throw new AnnuityNotPdfError(operation, meta.requestId, contentType);
    }
    let first = true;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (first) {
          first = false;
          controller.enqueue(head);
          if (ended) controller.close();
          return;
        }
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  async function document(
    operation: string,
    target: string,
    call?: CallOptions,
  ): Promise<ApiResult<AnnuityDocument>> {
    const { response, meta } = await send(operation, 'GET', target, { accept: 'application/pdf' }, call);
    return await documentOf(operation, response, meta);
  }

  /**
   * One opaque path segment (spec: Conventions). URL parsing collapses "", "." and ".." (also when
   * percent-encoded), which would send the keyed request to another endpoint: refuse them.
   */
  const id = (value: string) => {
    if (value === '' || value === '.' || value === '..') {
      throw new RangeError(`invalid path identifier ${JSON.stringify(value)}`);
    }
    return encodeURIComponent(value);
  };
  const eventPath = (patentId: string, eventId: string) => `/patents/${id(patentId)}/events/${id(eventId)}`;
  const pageOf = <S extends z.ZodType>(item: S) => tolerant.page(item);
  const periodUrl = ({ include, ...rest }: PeriodQuery) =>
    url('/patent-events', {
      ...rest,
      include: include && include.length > 0 ? include.join(',') : undefined,
    });

  // Every method is async so a refused path identifier is a rejected promise, like any other failure.
  return {
    getPatents: async (query: PatentsQuery = {}, call?: CallOptions): Promise<ApiResult<Page<Patent>>> =>
      json('getPatents', 'GET', url('/patents', { ...query }), pageOf(tolerant.patent), call),

    getPatent: async (patentId: string, call?: CallOptions): Promise<ApiResult<Patent>> =>
      json('getPatent', 'GET', url(`/patents/${id(patentId)}`), tolerant.patent, call),

    getPatentEvents: async (patentId: string, call?: CallOptions): Promise<ApiResult<PatentEvent[]>> =>
      json(
        'getPatentEvents',
        'GET',
        url(`/patents/${id(patentId)}/events`),
        tolerant.patentEvent.array(),
        call,
      ),

    getPatentEvent: async (
      patentId: string,
      eventId: string,
      call?: CallOptions,
    ): Promise<ApiResult<PatentEvent>> =>
      json('getPatentEvent', 'GET', url(eventPath(patentId, eventId)), tolerant.patentEvent, call),

    getPatentEventFees: async (
      patentId: string,
      eventId: string,
      call?: CallOptions,
    ): Promise<ApiResult<Fees>> =>
      json('getPatentEventFees', 'GET', url(`${eventPath(patentId, eventId)}/fees`), tolerant.fees, call),

    getPatentEventsByPeriod: async (
      query: PeriodQuery,
      call?: CallOptions,
    ): Promise<ApiResult<Page<PatentEvent>>> =>
      json('getPatentEventsByPeriod', 'GET', periodUrl(query), pageOf(tolerant.patentEvent), call),

    /** getPatentEventsByPeriod, read but not parsed until asked (see UnparsedResult). */
    readPatentEventsByPeriod: async (
      query: PeriodQuery,
      call?: CallOptions,
    ): Promise<UnparsedResult<Page<PatentEvent>>> =>
      unparsedJson('getPatentEventsByPeriod', periodUrl(query), pageOf(tolerant.patentEvent), call),

    postPatentInstructions: async (
      body: InstructionRequest,
      call?: CallOptions,
    ): Promise<ApiResult<InstructionReceipt>> =>
      json(
        'postPatentInstructions',
        'POST',
        url('/patent-instructions'),
        tolerant.instructionReceipt,
        call,
        body,
      ),

    getInvoices: async (query: PageQuery = {}, call?: CallOptions): Promise<ApiResult<Page<Invoice>>> =>
      json('getInvoices', 'GET', url('/invoices', { ...query }), pageOf(tolerant.invoice), call),

    getInvoice: async (invoiceId: string, call?: CallOptions): Promise<ApiResult<Invoice>> =>
      json('getInvoice', 'GET', url(`/invoices/${id(invoiceId)}`), tolerant.invoice, call),

    getExchangeRateFreezes: async (call?: CallOptions): Promise<ApiResult<ExchangeRateFreezeSummary[]>> =>
      json(
        'getExchangeRateFreezes',
        'GET',
        url('/exchange-rate-freezes'),
        tolerant.exchangeRateFreezeSummary.array(),
        call,
      ),

    getExchangeRateFreeze: async (
      yearMonth: string,
      call?: CallOptions,
    ): Promise<ApiResult<ExchangeRateFreeze>> =>
      json(
        'getExchangeRateFreeze',
        'GET',
        url(`/exchange-rate-freezes/${id(yearMonth)}`),
        tolerant.exchangeRateFreeze,
        call,
      ),

    /** Idempotent (spec: Endpoints 15), so it is retried like a read. */
    putExchangeRateFreeze: async (
      yearMonth: string,
      call?: CallOptions,
    ): Promise<ApiResult<ExchangeRateFreeze>> =>
      json(
        'putExchangeRateFreeze',
        'PUT',
        url(`/exchange-rate-freezes/${id(yearMonth)}`),
        tolerant.exchangeRateFreeze,
        call,
      ),

    getInvoiceDocument: async (patentId: string, eventId: string, call?: CallOptions) =>
      document('getInvoiceDocument', url(`${eventPath(patentId, eventId)}/documents/invoice`), call),

    getInstructionReceiptDocument: async (patentId: string, eventId: string, call?: CallOptions) =>
      document(
        'getInstructionReceiptDocument',
        url(`${eventPath(patentId, eventId)}/documents/instruction-receipt`),
        call,
      ),

    /**
     * null until the office receipt is recorded: spec (Endpoints 6 to 8) says to treat 404 as "not
     * yet available". The 404 is an answer, so its meta (request id, quota headers) is kept.
     */
    getOfficialReceiptDocument: async (
      patentId: string,
      eventId: string,
      call?: CallOptions,
    ): Promise<ApiResult<AnnuityDocument | null>> => {
      const operation = 'getOfficialReceiptDocument';
      const target = url(`${eventPath(patentId, eventId)}/documents/official-receipt`);
      const { response, meta } = await send(
        operation,
        'GET',
        target,
        { accept: 'application/pdf', passStatus: 404 },
        call,
      );
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        return { data: null, meta };
      }
      return await documentOf(operation, response, meta);
    },
  };
}

export type AnnuityClient = ReturnType<typeof createAnnuityClient>;

export { filenameFromDisposition } from './content-disposition';
