import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnnuityClient,
  type AnnuityClientOptions,
  createAnnuityClient,
  filenameFromDisposition,
} from './client';
import {
  AnnuityApiError,
  AnnuityContractError,
  AnnuityNetworkError,
  AnnuityOutcomeUnknownError,
} from './errors';
import * as f from './fixtures';
import { listAll } from './pagination';

/** A 64-character hexadecimal key (spec: Authentication 1). */
const KEY = 'f00dfeed'.repeat(8);
const ROOT = '/api/v2/external';
const P = f.fixtureIds.patent;
const E = f.fixtureIds.event;
const RATE = { 'RateLimit-Limit': '1000', 'RateLimit-Remaining': '998', 'RateLimit-Reset': '3600' };
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

interface Seen {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}
type Handler = (seen: Seen, res: ServerResponse, req: IncomingMessage) => void;

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A local service on a free port; every request is recorded in `seen` before `handler` answers. */
async function serve(handler: Handler) {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    seen.push(entry);
    handler(entry, res, req);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, seen, server };
}

/** Answers the n-th request with the n-th handler (the last one repeats). */
const sequence =
  (...handlers: Handler[]): Handler =>
  (seen, res, req) => {
    const handler = handlers[Math.min(counts.get(handlers) ?? 0, handlers.length - 1)];
    counts.set(handlers, (counts.get(handlers) ?? 0) + 1);
    handler?.(seen, res, req);
  };
const counts = new WeakMap<Handler[], number>();

const reply =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_seen, res) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'X-Request-Id': 'srv-req-1',
      ...RATE,
      ...headers,
    });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
const problemReply = (
  body: { status: number; [field: string]: unknown },
  headers: Record<string, string> = {},
): Handler => reply(body.status, body, { 'content-type': 'application/problem+json', ...headers });
const html = (status: number): Handler =>
  reply(status, '<html><body><h1>502 Bad Gateway</h1></body></html>', { 'content-type': 'text/html' });
const html503After = (seconds: string): Handler =>
  reply(503, '<html><body>Service Unavailable</body></html>', {
    'content-type': 'text/html',
    'Retry-After': seconds,
  });
/** Drops the connection without an answer. */
const drop: Handler = (_seen, res) => res.socket?.destroy();
/** Never answers (the test's timeout fires first). */
const hang: Handler = () => undefined;
/** Sends the status line and half a body, then drops the connection. */
const dropMidBody =
  (status: number): Handler =>
  (_seen, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"object":"pat');
    setTimeout(() => res.socket?.destroy(), 10);
  };

function clientFor(baseUrl: string, options: Partial<AnnuityClientOptions> = {}) {
  const sleep = vi.fn(async (_ms: number) => undefined);
  const client = createAnnuityClient({ baseUrl, apiKey: KEY, sleep, timeoutMs: 5_000, ...options });
  return { client, sleep };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('requests', () => {
  it('sends the key, accept and the configured X-Request-Id; a per-call id wins', async () => {
    const { baseUrl, seen } = await serve(reply(200, f.patentFixture()));
    const { client } = clientFor(baseUrl, { requestId: 'dash-req-1' });
    await client.getPatent(P);
    await client.getPatent(P, { requestId: 'dash-req-2' });
    expect(seen.map((s) => [s.headers['x-api-key'], s.headers.accept, s.headers['x-request-id']])).toEqual([
      [KEY, 'application/json', 'dash-req-1'],
      [KEY, 'application/json', 'dash-req-2'],
    ]);
  });

  it('sends no X-Request-Id when it has none, and trims a trailing slash of baseUrl', async () => {
    const { baseUrl, seen } = await serve(reply(200, f.patentFixture()));
    await clientFor(`${baseUrl}//`).client.getPatent(P);
    expect(seen[0]?.headers).not.toHaveProperty('x-request-id');
    expect(seen[0]?.url).toBe(`${ROOT}/patents/${P}`);
  });

  it('posts the batch as JSON', async () => {
    const { baseUrl, seen } = await serve(reply(201, f.instructionReceiptFixture()));
    const body = f.instructionRequestFixture();
    await clientFor(baseUrl).client.postPatentInstructions(body);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual(body);
  });

  type QueryCase = [string, (c: AnnuityClient) => Promise<unknown>, string, Record<string, string[]>];
  it.each<QueryCase>([
    ['getPatents without a query', (c) => c.getPatents(), '/patents', {}],
    [
      'getPatents with page, sort and providerId',
      (c) =>
        c.getPatents({
          itemsPerPage: 100,
          currentPage: 3,
          sort: '-applicationDate',
          providerId: 'ACME 42&x=1',
        }),
      '/patents',
      {
        itemsPerPage: ['100'],
        currentPage: ['3'],
        sort: ['-applicationDate'],
        providerId: ['ACME 42&x=1'],
      },
    ],
    [
      'getPatentEventsByPeriod by dueMonth with every repeatable',
      (c) =>
        c.getPatentEventsByPeriod({
          dueMonth: '2026-12',
          include: ['fees', 'documents'],
          eventTypes: ['RENEWAL'],
          offices: ['EP', 'US'],
          owners: ['Acme Thermal GmbH', 'Beta & Co'],
          family: ['FAM-1', 'FAM-2', 'FAM-3'],
          itemsPerPage: 100,
          currentPage: 1,
        }),
      '/patent-events',
      {
        dueMonth: ['2026-12'],
        include: ['fees,documents'],
        eventTypes: ['RENEWAL'],
        offices: ['EP', 'US'],
        owners: ['Acme Thermal GmbH', 'Beta & Co'],
        family: ['FAM-1', 'FAM-2', 'FAM-3'],
        itemsPerPage: ['100'],
        currentPage: ['1'],
      },
    ],
    [
      'getPatentEventsByPeriod by dueFrom/dueTo, empty lists left out',
      (c) =>
        c.getPatentEventsByPeriod({ dueFrom: '2026-12-01', dueTo: '2027-01-15', include: [], offices: [] }),
      '/patent-events',
      { dueFrom: ['2026-12-01'], dueTo: ['2027-01-15'] },
    ],
    [
      'getInvoices with a page',
      (c) => c.getInvoices({ currentPage: 2 }),
      '/invoices',
      { currentPage: ['2'] },
    ],
  ])('%s', async (_name, call, path, expected) => {
    const { baseUrl, seen } = await serve(reply(200, f.pageFixture([])));
    await call(clientFor(baseUrl).client);
    const query = seen[0]?.query ?? new URLSearchParams();
    expect(seen[0]?.path).toBe(`${ROOT}${path}`);
    expect(Object.fromEntries([...new Set(query.keys())].map((key) => [key, query.getAll(key)]))).toEqual(
      expected,
    );
  });

  it('sends repeatable parameters as repeated keys, not as a list', async () => {
    const { baseUrl, seen } = await serve(reply(200, f.pageFixture([])));
    await clientFor(baseUrl).client.getPatentEventsByPeriod({ dueMonth: '2026-12', offices: ['EP', 'US'] });
    expect(seen[0]?.url).toContain('offices=EP&offices=US');
  });

  it.each<[string, (c: AnnuityClient) => Promise<unknown>, string]>([
    [
      'a slash, query and fragment characters',
      (c) => c.getPatent('a/b?c#d %'),
      '/patents/a%2Fb%3Fc%23d%20%25',
    ],
    ['both event ids', (c) => c.getPatentEventFees('p/1', 'e?2'), '/patents/p%2F1/events/e%3F2/fees'],
    ['an invoice id', (c) => c.getInvoice('../x'), '/invoices/..%2Fx'],
    ['a yearMonth', (c) => c.getExchangeRateFreeze('2026/12'), '/exchange-rate-freezes/2026%2F12'],
  ])('encodes %s as one path segment', async (_name, call, path) => {
    const { baseUrl, seen } = await serve(
      reply(404, f.problemFixture('not_found'), { 'content-type': 'application/problem+json' }),
    );
    await caught(call(clientFor(baseUrl).client));
    expect(seen.map((s) => s.url)).toEqual([`${ROOT}${path}`]);
  });

  it.each([
    ['..', (c: AnnuityClient) => c.getPatent('..')],
    ['.', (c: AnnuityClient) => c.getPatentEvent(P, '.')],
    ['empty', (c: AnnuityClient) => c.getInvoice('')],
    ['.. in a document path', (c: AnnuityClient) => c.getOfficialReceiptDocument('..', E)],
  ])(
    'refuses a %s path identifier that URL parsing would collapse, without a request',
    async (_name, call) => {
      const { baseUrl, seen } = await serve(reply(200, f.patentFixture()));
      const result = call(clientFor(baseUrl).client);
      await expect(result).rejects.toBeInstanceOf(RangeError);
      expect(seen).toHaveLength(0);
    },
  );
});

describe('results and meta', () => {
  type OperationCase = [
    string,
    (c: AnnuityClient) => Promise<{ data: unknown }>,
    string,
    string,
    unknown,
    number,
  ];
  it.each<OperationCase>([
    ['getPatents', (c) => c.getPatents(), 'GET', '/patents', f.pageFixture([f.patentFixture()]), 200],
    ['getPatent', (c) => c.getPatent(P), 'GET', `/patents/${P}`, f.patentFixture(), 200],
    [
      'getPatentEvents',
      (c) => c.getPatentEvents(P),
      'GET',
      `/patents/${P}/events`,
      [f.patentEventFixture()],
      200,
    ],
    [
      'getPatentEvent',
      (c) => c.getPatentEvent(P, E),
      'GET',
      `/patents/${P}/events/${E}`,
      f.patentEventFixture(),
      200,
    ],
    [
      'getPatentEventFees',
      (c) => c.getPatentEventFees(P, E),
      'GET',
      `/patents/${P}/events/${E}/fees`,
      f.jpyFeesFixture(),
      200,
    ],
    [
      'getPatentEventsByPeriod',
      (c) => c.getPatentEventsByPeriod({ dueMonth: '2026-12' }),
      'GET',
      '/patent-events',
      f.pageFixture([f.patentEventFixture()]),
      200,
    ],
    [
      'postPatentInstructions',
      (c) => c.postPatentInstructions(f.instructionRequestFixture()),
      'POST',
      '/patent-instructions',
      f.instructionReceiptFixture(),
      201,
    ],
    [
      'getInvoices',
      (c) => c.getInvoices(),
      'GET',
      '/invoices',
      f.pageFixture([f.invoiceFixture(), f.importedInvoiceFixture(), f.regularizationInvoiceFixture()]),
      200,
    ],
    [
      'getInvoice',
      (c) => c.getInvoice(f.fixtureIds.invoice),
      'GET',
      `/invoices/${f.fixtureIds.invoice}`,
      f.invoiceFixture(),
      200,
    ],
    [
      'getExchangeRateFreezes',
      (c) => c.getExchangeRateFreezes(),
      'GET',
      '/exchange-rate-freezes',
      [f.exchangeRateFreezeSummaryFixture()],
      200,
    ],
    [
      'getExchangeRateFreeze',
      (c) => c.getExchangeRateFreeze('2026-12'),
      'GET',
      '/exchange-rate-freezes/2026-12',
      f.exchangeRateFreezeFixture(),
      200,
    ],
    [
      'putExchangeRateFreeze',
      (c) => c.putExchangeRateFreeze('2026-12'),
      'PUT',
      '/exchange-rate-freezes/2026-12',
      f.exchangeRateFreezeFixture(),
      200,
    ],
  ])('%s: method, path, parsed data and meta', async (operation, call, method, path, body, status) => {
    const { baseUrl, seen } = await serve(reply(status, body, { 'X-Request-Id': `srv-${operation}` }));
    const onResponseMeta = vi.fn();
    const result = (await call(clientFor(baseUrl, { onResponseMeta }).client)) as {
      data: unknown;
      meta: unknown;
    };
    expect(seen.map((s) => [s.method, s.path])).toEqual([[method, `${ROOT}${path}`]]);
    expect(result.data).toEqual(body);
    const meta = {
      operation,
      status,
      requestId: `srv-${operation}`,
      rateLimit: { limit: 1000, remaining: 998, resetSeconds: 3600 },
    };
    expect(result.meta).toEqual(meta);
    expect(onResponseMeta).toHaveBeenCalledWith(meta);
  });

  it.each<[string, Record<string, string>]>([
    ['absent', {}],
    ['incomplete', { 'RateLimit-Limit': '1000', 'RateLimit-Remaining': '998' }],
    ['not numbers', { 'RateLimit-Limit': 'lots', 'RateLimit-Remaining': 'some', 'RateLimit-Reset': 'soon' }],
  ])('rateLimit and requestId are null when the headers are %s', async (_name, headers) => {
    const server = await serve((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(f.patentFixture()));
    });
    const { meta } = await clientFor(server.baseUrl).client.getPatent(P);
    expect(meta).toEqual({ operation: 'getPatent', status: 200, requestId: null, rateLimit: null });
  });

  it('reads additive changes tolerantly: unknown values kept as strings', async () => {
    const event = { ...f.patentEventFixture(), eventType: 'VALIDATION', renewal: null, newField: 1 };
    const { baseUrl } = await serve(reply(200, f.pageFixture([event])));
    const { client } = clientFor(baseUrl);
    const { data } = await client.getPatentEventsByPeriod({ dueMonth: '2026-12' });
    expect(data.data[0]?.eventType).toBe('VALIDATION');
    expect(data.data[0]).not.toHaveProperty('newField');
  });

  it('walks a paginated list through the client at 100 items per page', async () => {
    const patents = Array.from({ length: 230 }, (_, i) => f.patentFixture({ providerId: `ACME-${i}` }));
    const { baseUrl, seen } = await serve((s, res) => {
      const page = Number(s.query.get('currentPage'));
      const size = Number(s.query.get('itemsPerPage'));
      reply(
        200,
        f.pageFixture(patents.slice((page - 1) * size, page * size), {
          currentPage: page,
          itemsPerPage: size,
          totalItems: 230,
        }),
      )(s, res, undefined as never);
    });
    const { client } = clientFor(baseUrl);
    const result = await listAll((currentPage, itemsPerPage) =>
      client.getPatents({ currentPage, itemsPerPage }),
    );
    expect(seen.map((s) => s.url)).toEqual(
      [1, 2, 3].map((n) => `${ROOT}/patents?currentPage=${n}&itemsPerPage=100`),
    );
    expect(result.items.map((p) => p.providerId)).toEqual(patents.map((p) => p.providerId));
  });
});

describe('errors', () => {
  const POST_CODES = new Set([
    'instruction_already_set',
    'instruction_too_early',
    'instruction_skipped',
    'instruction_lapsed',
  ]);

  it.each(f.allProblemFixtures())(
    'maps $code ($status) onto AnnuityApiError',
    async ({ code, status, body }) => {
      const headers: Record<string, string> = { 'X-Request-Id': 'header-id' };
      if (code === 'rate_limit_exceeded') {
        // spec: Limits 3 — no RateLimit-* on a 429, Retry-After in seconds instead.
        Object.assign(headers, {
          'Retry-After': '7200',
          'RateLimit-Limit': '',
          'RateLimit-Remaining': '',
          'RateLimit-Reset': '',
        });
      }
      const { baseUrl, seen } = await serve(problemReply(body, headers));
      const onResponseMeta = vi.fn();
      const { client, sleep } = clientFor(baseUrl, { onResponseMeta });
      const call = POST_CODES.has(code)
        ? client.postPatentInstructions(f.instructionRequestFixture())
        : client.getPatents({ sort: 'title' });
      const error = await caught(call);

      expect(error).toBeInstanceOf(AnnuityApiError);
      const e = error as AnnuityApiError;
      expect({
        status: e.status,
        code: e.code,
        requestId: e.requestId,
        requiredScope: e.requiredScope,
        validationErrors: e.validationErrors,
        clientCaseReference: e.clientCaseReference,
        missingPreviousRenewalDates: e.missingPreviousRenewalDates,
        retryAfterSeconds: e.retryAfterSeconds,
      }).toEqual({
        status,
        code,
        requestId: f.FIXTURE_REQUEST_ID,
        requiredScope: code === 'insufficient_scope' ? 'patents:instructions:write' : null,
        validationErrors:
          code === 'validation_failed'
            ? [
                { pointer: '/sort', detail: 'unknown sort field: title' },
                { pointer: '/instructions/0/eventId', detail: 'expected a UUID' },
              ]
            : [],
        clientCaseReference: code === 'instruction_skipped' ? 'P-2019-017 EP' : null,
        missingPreviousRenewalDates: code === 'instruction_skipped' ? ['2025-12-15'] : [],
        retryAfterSeconds: code === 'rate_limit_exceeded' ? 7200 : null,
      });
      expect(e.problem).toEqual(body);
      expect(e.message).toContain(`${status} ${code}`);
      expect(e.operation).toBe(POST_CODES.has(code) ? 'postPatentInstructions' : 'getPatents');
      // Never retried: a 4xx is the answer, and a 429's quota is daily (spec: Limits 2).
      expect(seen).toHaveLength(1);
      expect(sleep).not.toHaveBeenCalled();
      if (code === 'rate_limit_exceeded') expect(onResponseMeta.mock.calls[0]?.[0].rateLimit).toBeNull();
    },
  );

  it('keeps the header request id when the problem body has none', async () => {
    const { requestId: _omitted, ...body } = f.problemFixture('not_found');
    const { baseUrl } = await serve(problemReply(body, { 'X-Request-Id': 'header-id' }));
    const error = (await caught(clientFor(baseUrl).client.getPatent(P))) as AnnuityApiError;
    expect([error.code, error.requestId]).toEqual(['not_found', 'header-id']);
  });

  it.each([
    ['a bare code', { code: 'api_key_expired' }, 401, 'api_key_expired'],
    [
      'a code and a status given as a string',
      { code: 'instruction_already_set', status: '409' },
      409,
      'instruction_already_set',
    ],
    [
      'a code and its words, no title or type',
      { code: 'forbidden', detail: 'Not for you.' },
      403,
      'forbidden',
    ],
  ] as const)(
    'reads a minimal problem body by its code and the HTTP status: %s',
    async (_name, body, status, code) => {
      const { baseUrl } = await serve(reply(status, body, { 'content-type': 'application/problem+json' }));
      const error = (await caught(clientFor(baseUrl).client.getPatent(P))) as AnnuityApiError;
      expect([error.status, error.code]).toEqual([status, code]);
      expect(error.problem?.detail).toBe('detail' in body ? body.detail : '');
    },
  );

  it('keeps an undocumented problem code as it is (the 400 of a freeze in the past)', async () => {
    const body = {
      ...f.problemFixture('validation_failed'),
      code: 'freeze_month_in_past',
      type: '/errors/freeze-month-in-past',
    };
    const { baseUrl } = await serve(problemReply(body));
    const error = (await caught(
      clientFor(baseUrl).client.putExchangeRateFreeze('2020-01'),
    )) as AnnuityApiError;
    expect([error.status, error.code]).toEqual([400, 'freeze_month_in_past']);
  });

  it.each<[string, Handler, number, string]>([
    ['an HTML 502 from a proxy', html(502), 502, 'upstream_error'],
    [
      'a plain-text 400',
      reply(400, 'Bad Request', { 'content-type': 'text/plain' }),
      400,
      'unexpected_response',
    ],
    ['JSON that is not a problem', reply(403, { message: 'Forbidden' }), 403, 'unexpected_response'],
    [
      'a problem content type with a broken body',
      reply(404, '{"type":', { 'content-type': 'application/problem+json' }),
      404,
      'unexpected_response',
    ],
    ['an empty 503', reply(503, '', { 'content-type': 'application/problem+json' }), 503, 'upstream_error'],
  ])('%s gives a clear AnnuityApiError', async (_name, handler, status, code) => {
    const { baseUrl } = await serve(handler);
    const error = await caught(clientFor(baseUrl, { retries: 0 }).client.getPatent(P));
    expect(error).toBeInstanceOf(AnnuityApiError);
    const e = error as AnnuityApiError;
    expect([e.status, e.code, e.problem, e.requestId]).toEqual([status, code, null, 'srv-req-1']);
    expect(e.message).toBe(`getPatent: the service answered ${status} without a problem body`);
  });

  it.each<[string, Handler, (c: AnnuityClient) => Promise<unknown>, string]>([
    [
      'an HTML 200',
      reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' }),
      (c) => c.getPatent(P),
      'the body is not JSON',
    ],
    ['an empty 200', reply(200, ''), (c) => c.getPatent(P), 'the body is not JSON'],
    [
      'JSON off the contract',
      reply(200, { ...f.patentFixture(), office: 42 }),
      (c) => c.getPatent(P),
      'office:',
    ],
    ['a page without pagination', reply(200, { data: [] }), (c) => c.getPatents(), 'pagination:'],
    [
      'a receipt without instructions',
      reply(201, { ...f.instructionReceiptFixture(), instructions: null }),
      (c) => c.postPatentInstructions(f.instructionRequestFixture()),
      'instructions:',
    ],
  ])('%s gives AnnuityContractError, not retried', async (_name, handler, call, issue) => {
    const { baseUrl, seen } = await serve(handler);
    const { client, sleep } = clientFor(baseUrl);
    const error = await caught(call(client));
    expect(error).toBeInstanceOf(AnnuityContractError);
    const e = error as AnnuityContractError;
    expect(e.issues.some((line) => line.startsWith(issue))).toBe(true);
    expect(e.requestId).toBe('srv-req-1');
    expect(seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('retries of repeatable calls (GET, the idempotent freeze PUT)', () => {
  it('retries a GET after a 5xx and returns the later answer', async () => {
    const { baseUrl, seen } = await serve(
      sequence(
        problemReply({ ...f.problemFixture('not_found'), status: 503, code: 'unavailable' }),
        reply(200, f.patentFixture()),
      ),
    );
    const { client, sleep } = clientFor(baseUrl);
    const { data } = await client.getPatent(P);
    expect(data.id).toBe(P);
    expect(seen).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [4, 5],
  ])('with retries %i, a GET that keeps failing with 5xx is sent %i time(s)', async (retries, attempts) => {
    const { baseUrl, seen } = await serve(html(502));
    const { client, sleep } = clientFor(baseUrl, { retries });
    const error = (await caught(client.getPatents())) as AnnuityApiError;
    expect([error.status, error.code]).toEqual([502, 'upstream_error']);
    expect(seen).toHaveLength(attempts);
    expect(sleep).toHaveBeenCalledTimes(attempts - 1);
  });

  it('defaults to 2 retries with exponential backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { baseUrl, seen } = await serve(html(500));
    const { client, sleep } = clientFor(baseUrl, { retryBaseDelayMs: 100 });
    await caught(client.getPatents());
    expect(seen).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
  });

  it.each([
    [0, [50, 100, 200]],
    [0.999999, [150, 300, 600]],
  ])('jitters each delay between 0.5 and 1.5 times the base (random %d)', async (random, delays) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const { baseUrl } = await serve(html(503));
    const { client, sleep } = clientFor(baseUrl, { retries: 3, retryBaseDelayMs: 100 });
    await caught(client.getPatents());
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual(delays);
  });

  it('retries a GET after a dropped connection', async () => {
    const { baseUrl, seen } = await serve(sequence(drop, reply(200, f.patentFixture())));
    const { client, sleep } = clientFor(baseUrl);
    await expect(client.getPatent(P)).resolves.toMatchObject({ data: { id: P } });
    expect(seen).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('retries a GET whose connection drops in the middle of the body', async () => {
    const { baseUrl, seen } = await serve(sequence(dropMidBody(200), reply(200, f.patentFixture())));
    const { client, sleep } = clientFor(baseUrl);
    await expect(client.getPatent(P)).resolves.toMatchObject({ data: { id: P } });
    expect(seen).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('gives AnnuityNetworkError after a bounded number of refused connections', async () => {
    const { baseUrl, server } = await serve(hang);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { client, sleep } = clientFor(baseUrl);
    const error = await caught(client.getPatents());
    expect(error).toBeInstanceOf(AnnuityNetworkError);
    expect(error).toMatchObject({ reason: 'network', attempts: 3, operation: 'getPatents' });
    expect(sleep).toHaveBeenCalledTimes(2);
  });

  it('gives AnnuityNetworkError (timeout) when a GET never answers', async () => {
    const { baseUrl, seen } = await serve(hang);
    const { client } = clientFor(baseUrl, { timeoutMs: 100, retries: 1 });
    const error = await caught(client.getPatent(P));
    expect(error).toBeInstanceOf(AnnuityNetworkError);
    expect(error).toMatchObject({ reason: 'timeout', attempts: 2 });
    expect(seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never retries a %i', async (status) => {
    const { baseUrl, seen } = await serve(reply(status, '{}'));
    const { client, sleep } = clientFor(baseUrl);
    const error = (await caught(client.getPatents())) as AnnuityApiError;
    expect(error.status).toBe(status);
    expect(seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it.each<[string, Handler]>([
    ['a 503', html(503)],
    ['a dropped connection', drop],
  ])('retries the freeze PUT like a GET after %s', async (_name, first) => {
    const { baseUrl, seen } = await serve(sequence(first, reply(200, f.exchangeRateFreezeFixture())));
    const { client, sleep } = clientFor(baseUrl);
    const { data } = await client.putExchangeRateFreeze('2026-12');
    expect(data.yearMonth).toBe('2026-12');
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'PUT']);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('stops at once when the caller aborts', async () => {
    const { baseUrl, seen } = await serve(hang);
    const { client, sleep } = clientFor(baseUrl);
    const controller = new AbortController();
    const pending = caught(client.getPatents({}, { signal: controller.signal }));
    await settle();
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(AnnuityNetworkError);
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('reads that fail well: Retry-After and burst limits', () => {
  const ok = reply(200, {
    pagination: { totalItems: 0, currentPage: 1, itemsPerPage: 10, totalPages: 0, hasMore: false },
    data: [],
  });

  it('asks again after a 503 only once its Retry-After has passed', async () => {
    const { baseUrl, seen } = await serve(sequence(html503After('2'), ok));
    const { client, sleep } = clientFor(baseUrl);
    await client.getPatents();
    expect(seen).toHaveLength(2);
    expect(sleep.mock.calls).toEqual([[2_000]]);
  });

  it('does not hold a request for a 503 that asks to come back much later', async () => {
    const { baseUrl, seen } = await serve(sequence(html503After('120'), ok));
    const { client, sleep } = clientFor(baseUrl);
    const error = await caught(client.getPatents());
    expect((error as AnnuityApiError).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits out a burst limit (429 with a Retry-After under a minute) once, for a read and a POST', async () => {
    const burst = problemReply(f.problemFixture('rate_limit_exceeded'), { 'Retry-After': '3' });
    const read = await serve(sequence(burst, ok));
    const reader = clientFor(read.baseUrl);
    await reader.client.getPatents();
    expect(read.seen).toHaveLength(2);
    expect(reader.sleep.mock.calls).toEqual([[3_000]]);

    const receipt = reply(201, f.instructionReceiptFixture());
    const post = await serve(sequence(burst, receipt));
    const poster = clientFor(post.baseUrl);
    await poster.client.postPatentInstructions(f.instructionRequestFixture());
    expect(post.seen).toHaveLength(2);
  });

  it('gives up after a second burst 429, and never waits for the daily quota', async () => {
    const burst = problemReply(f.problemFixture('rate_limit_exceeded'), { 'Retry-After': '3' });
    const twice = await serve(burst);
    const first = clientFor(twice.baseUrl);
    expect(((await caught(first.client.getPatents())) as AnnuityApiError).status).toBe(429);
    expect(twice.seen).toHaveLength(2);

    const daily = await serve(
      problemReply(f.problemFixture('rate_limit_exceeded'), { 'Retry-After': '7200' }),
    );
    const second = clientFor(daily.baseUrl);
    expect(((await caught(second.client.getPatents())) as AnnuityApiError).retryAfterSeconds).toBe(7200);
    expect(daily.seen).toHaveLength(1);
    expect(second.sleep).not.toHaveBeenCalled();
  });
});

describe('POST is never retried', () => {
  it.each<[string, Handler, Partial<AnnuityClientOptions>]>([
    ['a timeout', hang, { timeoutMs: 100 }],
    ['a dropped connection', drop, {}],
    ['a problem-less 502 from a proxy', html(502), {}],
    ['a problem-less empty 500', reply(500, ''), {}],
    ['a 201 whose body is cut off', dropMidBody(201), {}],
  ])('%s gives AnnuityOutcomeUnknownError after exactly one POST', async (_name, handler, options) => {
    const { baseUrl, seen } = await serve(handler);
    const { client, sleep } = clientFor(baseUrl, options);
    const error = await caught(
      client.postPatentInstructions(f.instructionRequestFixture(), { requestId: 'dash-post-1' }),
    );
    await settle();
    expect(error).toBeInstanceOf(AnnuityOutcomeUnknownError);
    expect(error).toMatchObject({ operation: 'postPatentInstructions' });
    expect((error as AnnuityOutcomeUnknownError).requestId).toMatch(/^(dash-post-1|srv-req-1)$/);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('a refused connection is also outcome unknown (nothing is assumed about a write)', async () => {
    const { baseUrl, server } = await serve(hang);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await caught(
      clientFor(baseUrl).client.postPatentInstructions(f.instructionRequestFixture()),
    );
    expect(error).toBeInstanceOf(AnnuityOutcomeUnknownError);
  });

  it('a 5xx with a problem body is the service refusing: AnnuityApiError, one POST', async () => {
    const body = {
      ...f.problemFixture('forbidden'),
      status: 503,
      code: 'maintenance',
      type: '/errors/maintenance',
    };
    const { baseUrl, seen } = await serve(problemReply(body));
    const error = await caught(
      clientFor(baseUrl).client.postPatentInstructions(f.instructionRequestFixture()),
    );
    expect(error).toBeInstanceOf(AnnuityApiError);
    expect((error as AnnuityApiError).code).toBe('maintenance');
    expect(seen).toHaveLength(1);
  });
});

describe('documents', () => {
  const pdf =
    (disposition: string | null): Handler =>
    (_seen, res) => {
      const headers: Record<string, string> = {
        'content-type': 'application/pdf',
        'content-length': String(PDF.length),
        'X-Request-Id': 'srv-doc',
        ...RATE,
      };
      if (disposition !== null) headers['content-disposition'] = disposition;
      res.writeHead(200, headers);
      res.end(PDF);
    };

  it.each<[string, (c: AnnuityClient) => Promise<{ data: unknown }>, string, string]>([
    [
      'getInvoiceDocument',
      (c) => c.getInvoiceDocument(P, E),
      'invoice',
      `attachment; filename=invoice-${E}.pdf`,
    ],
    [
      'getInstructionReceiptDocument',
      (c) => c.getInstructionReceiptDocument(P, E),
      'instruction-receipt',
      `attachment; filename="instruction-receipt-${E}.pdf"`,
    ],
    [
      'getOfficialReceiptDocument',
      (c) => c.getOfficialReceiptDocument(P, E),
      'official-receipt',
      `attachment; filename="official-receipt.pdf"; filename*=UTF-8''re%C3%A7u%20officiel.pdf`,
    ],
  ])('%s streams the PDF with its type, length and filename', async (_operation, call, kind, disposition) => {
    const { baseUrl, seen } = await serve(pdf(disposition));
    const { data } = (await call(clientFor(baseUrl).client)) as {
      data: {
        stream: ReadableStream<Uint8Array>;
        contentType: string;
        filename: string;
        contentLength: number;
      };
    };
    expect(seen.map((s) => [s.path, s.headers.accept])).toEqual([
      [`${ROOT}/patents/${P}/events/${E}/documents/${kind}`, 'application/pdf'],
    ]);
    expect(data.contentType).toBe('application/pdf');
    expect(data.contentLength).toBe(PDF.length);
    expect(data.filename).toBe(filenameFromDisposition(disposition));
    expect(data.filename).not.toBeNull();
    expect(await streamBytes(data.stream)).toEqual(PDF);
  });

  it('getOfficialReceiptDocument gives data null on 404, with the answer’s meta', async () => {
    const { baseUrl, seen } = await serve(
      problemReply(f.problemFixture('not_found'), { 'X-Request-Id': 'srv-404' }),
    );
    const { client, sleep } = clientFor(baseUrl);
    const result = await client.getOfficialReceiptDocument(P, E);
    expect(result).toEqual({
      data: null,
      meta: {
        operation: 'getOfficialReceiptDocument',
        status: 404,
        requestId: 'srv-404',
        rateLimit: { limit: 1000, remaining: 998, resetSeconds: 3600 },
      },
    });
    expect(seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it.each<[string, (c: AnnuityClient) => Promise<unknown>, Handler, number]>([
    [
      'the invoice document',
      (c) => c.getInvoiceDocument(P, E),
      problemReply(f.problemFixture('not_found')),
      404,
    ],
    [
      'the official receipt',
      (c) => c.getOfficialReceiptDocument(P, E),
      problemReply(f.problemFixture('insufficient_scope')),
      403,
    ],
    ['the official receipt', (c) => c.getOfficialReceiptDocument(P, E), html(502), 502],
  ])('%s still throws on %#', async (_name, call, handler, status) => {
    const { baseUrl } = await serve(handler);
    const error = await caught(call(clientFor(baseUrl, { retries: 0 }).client));
    expect(error).toBeInstanceOf(AnnuityApiError);
    expect((error as AnnuityApiError).status).toBe(status);
  });

  it('retries a document GET after a 5xx', async () => {
    const { baseUrl, seen } = await serve(sequence(html(503), pdf('attachment; filename=x.pdf')));
    const { data } = await clientFor(baseUrl).client.getInvoiceDocument(P, E);
    expect(data.filename).toBe('x.pdf');
    expect(seen).toHaveLength(2);
  });

  it('has a null filename and length when the headers are missing', async () => {
    const { baseUrl } = await serve((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' });
      res.end(PDF);
    });
    const { data } = await clientFor(baseUrl).client.getInvoiceDocument(P, E);
    expect([data.filename, data.contentLength]).toEqual([null, null]);
    expect(await streamBytes(data.stream)).toEqual(PDF);
  });
});

describe('filenameFromDisposition', () => {
  it.each<[string, string | null, string | null]>([
    ['plain', `attachment; filename=invoice-${E}.pdf`, `invoice-${E}.pdf`],
    ['quoted', `attachment; filename="instruction-receipt-${E}.pdf"`, `instruction-receipt-${E}.pdf`],
    ['quoted with ; and escaped quotes', 'attachment; filename="a;b \\"c\\".pdf"', 'a;b "c".pdf'],
    ['spaces around =', 'attachment; filename = "spaced.pdf"', 'spaced.pdf'],
    ['upper-case parameter', 'attachment; FILENAME=upper.pdf', 'upper.pdf'],
    [
      'filename* before filename',
      `attachment; filename*=UTF-8''re%C3%A7u.pdf; filename="recu.pdf"`,
      'reçu.pdf',
    ],
    [
      'filename* after filename',
      `attachment; filename="recu.pdf"; filename*=UTF-8''re%C3%A7u.pdf`,
      'reçu.pdf',
    ],
    ['filename* with a language tag', "attachment; filename*=UTF-8'fr'%E2%82%AC-rates.pdf", '€-rates.pdf'],
    [
      'broken filename* falls back to filename',
      `attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.pdf"`,
      'fallback.pdf',
    ],
    ['no filename', 'inline', null],
    ['no header', null, null],
    ['empty header', '', null],
  ])('%s', (_name, header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});

describe('the API key never leaves in an error', () => {
  const hangUp = async (handler: Handler) => {
    const s = await serve(handler);
    return s.baseUrl;
  };
  it.each<
    [string, () => Promise<string>, (c: AnnuityClient) => Promise<unknown>, Partial<AnnuityClientOptions>]
  >([
    [
      'invalid_api_key',
      () => hangUp(problemReply(f.problemFixture('invalid_api_key'))),
      (c) => c.getPatents(),
      {},
    ],
    [
      'a problem body that echoes the key',
      () =>
        hangUp(
          problemReply(
            f.problemFixture('invalid_api_key', { detail: `unknown key ${KEY}`, instance: `/x?key=${KEY}` }),
          ),
        ),
      (c) => c.getPatents(),
      {},
    ],
    ['an HTML 502', () => hangUp(html(502)), (c) => c.getPatents(), { retries: 0 }],
    ['a contract error', () => hangUp(reply(200, { key: KEY })), (c) => c.getPatent(P), {}],
    [
      'a refused connection',
      async () => {
        const s = await serve(hang);
        await new Promise<void>((resolve) => s.server.close(() => resolve()));
        return s.baseUrl;
      },
      (c) => c.getPatents(),
      {},
    ],
    ['a timeout', () => hangUp(hang), (c) => c.getPatents(), { timeoutMs: 50, retries: 0 }],
    [
      'a POST outcome unknown',
      () => hangUp(drop),
      (c) => c.postPatentInstructions(f.instructionRequestFixture()),
      {},
    ],
    ['a refused path identifier', () => hangUp(hang), (c) => c.getPatent('..'), {}],
  ])('%s', async (_name, start, call, options) => {
    const baseUrl = await start();
    const error = await caught(call(clientFor(baseUrl, options).client));
    expect(error).toBeInstanceOf(Error);
    const e = error as Error;
    for (const text of [e.message, String(e), e.stack ?? '', JSON.stringify(e), inspect(e, { depth: 10 })]) {
      expect(text).not.toContain(KEY);
    }
  });
});
