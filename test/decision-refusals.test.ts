import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  instructabilityFixture,
  instructionReceiptFixture,
  type KnownProblemCode,
  patentEventFixture,
  problemFixture,
} from '@/lib/annuity/fixtures';
import type { Strict } from '@/lib/annuity/schemas';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft } from '@/lib/decisions/draft';
import { draftEntry } from '@/lib/decisions/testing';
import { resetEnvForTests } from '@/lib/env';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/**
 * How each refusal of the service (spec: Errors) reaches the user, tied to the renewal it concerns.
 * The stand-in service never refuses a batch our re-read found acceptable, so these cases need a
 * service that changes its mind between the re-read and the POST: a small scripted one.
 */
const EVENT_A = '11111111-1111-4111-8111-111111111111';
const EVENT_B = '22222222-2222-4222-8222-222222222222';
const PATENT_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const PATENT_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const KEY = 'c0ffee00'.repeat(8);

interface Script {
  /** The events as the re-read before sending sees them. */
  before: Map<string, Strict.PatentEvent>;
  /** The events after the POST was refused (null: 404). */
  after: Map<string, Strict.PatentEvent | null>;
  post: { status: number; body: unknown; headers?: Record<string, string>; contentType?: string };
  posts: number;
}

let script: Script;
let server: Server;
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let cookie: string;

const event = (id: string, patentId: string, overrides: Partial<Strict.PatentEvent> = {}) =>
  patentEventFixture({ id, patent: { id: patentId, providerId: `PRV-${id.slice(0, 4)}` }, ...overrides });

function answer(
  response: import('node:http').ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
) {
  response.writeHead(status, { 'content-type': contentType, 'x-request-id': `stub-${script.posts}` });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (request.method === 'POST' && url.pathname.endsWith('/patent-instructions')) {
      script.posts += 1;
      const { status, body, headers = {}, contentType } = script.post;
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      return answer(
        response,
        status,
        body,
        contentType ?? (status >= 400 ? 'application/problem+json' : 'application/json'),
      );
    }
    const match = /\/patents\/([^/]+)\/events\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match?.[2]) {
      const states = script.posts === 0 ? script.before : script.after;
      const found = states.get(match[2]);
      if (!found) return answer(response, 404, problemFixture('not_found'), 'application/problem+json');
      return answer(response, 200, found);
    }
    answer(response, 404, problemFixture('not_found'), 'application/problem+json');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  harness = await startAppHarness();
  process.env.ANNUITY_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.ANNUITY_API_KEY = KEY;
  resetEnvForTests();
  cookie = await signIn(harness.users.paralegal.email);
});

afterAll(async () => {
  await harness?.stop();
  await new Promise((resolve) => server.close(resolve));
  delete process.env.ANNUITY_API_URL;
  delete process.env.ANNUITY_API_KEY;
  resetEnvForTests();
});

beforeEach(() => {
  script = {
    before: new Map([
      [EVENT_A, event(EVENT_A, PATENT_A)],
      [EVENT_B, event(EVENT_B, PATENT_B)],
    ]),
    after: new Map([
      [EVENT_A, event(EVENT_A, PATENT_A)],
      [EVENT_B, event(EVENT_B, PATENT_B)],
    ]),
    post: { status: 201, body: instructionReceiptFixture() },
    posts: 0,
  };
});

const entryOf = (eventId: string, patentId: string, caseReference: string) =>
  draftEntry({
    eventId,
    patentId,
    caseReference,
    providerId: null,
    title: null,
    annuityYear: 8,
    estimate: null,
  });

async function sendBoth() {
  const { PUT } = await import('@/app/api/decisions/draft/route');
  const entries = [entryOf(EVENT_A, PATENT_A, 'P-2019-017 EP'), entryOf(EVENT_B, PATENT_B, 'OTHER-1')];
  const draft = (await (
    await PUT(jsonRequest('/api/decisions/draft', { method: 'PUT', cookie, body: { entries } }))
  ).json()) as Draft;
  const { POST } = await import('@/app/api/decisions/batches/route');
  const response = await POST(
    jsonRequest('/api/decisions/batches', { method: 'POST', cookie, body: { batchKey: draft.batchKey } }),
  );
  const body = (await response.json()) as {
    code?: string;
    requiredScope?: string;
    events?: {
      eventId: string;
      code: string;
      detail: string;
      missingPreviousRenewalDates?: string[];
      opensAt?: string;
    }[];
    batch?: BatchView;
  };
  const { GET } = await import('@/app/api/decisions/draft/route');
  const after = (await (await GET(jsonRequest('/api/decisions/draft', { cookie }))).json()) as Draft;
  return { status: response.status, body, draft, after, retryAfter: response.headers.get('retry-after') };
}

const blocked = (reason: string, opensAt: string | null = '2026-10-01') =>
  instructabilityFixture({ isAllowed: false, allowedDecisions: [], blockedReason: reason, opensAt });

/**
 * The service refuses the POST with `code`'s problem (its status from the spec), and a re-read of
 * the renewal afterwards shows `changes`: what the dashboard ties the refusal to.
 */
function refusedThenReads(
  code: KnownProblemCode,
  id: string,
  patentId: string,
  changes: Partial<Strict.PatentEvent>,
): void {
  script.post = { status: problemFixture(code).status, body: problemFixture(code) };
  script.after.set(id, event(id, patentId, changes));
}

/** Both renewals carry our PROCEED when read after the POST (the service executed it). */
function bothAppliedAfterwards() {
  for (const [id, patent] of [
    [EVENT_A, PATENT_A],
    [EVENT_B, PATENT_B],
  ] as const) {
    script.after.set(
      id,
      event(id, patent, { appliedDecision: 'PROCEED', instructability: blocked('ALREADY_INSTRUCTED') }),
    );
  }
}

describe('refusals of the service, tied to their renewals', () => {
  it('instruction_skipped: names the patent from clientCaseReference and its missing earlier renewals', async () => {
    script.post = { status: 422, body: problemFixture('instruction_skipped') };
    const { status, body, after, draft } = await sendBoth();
    expect(status).toBe(422);
    expect(body.code).toBe('instruction_skipped');
    expect(body.events).toEqual([
      expect.objectContaining({
        eventId: EVENT_A,
        code: 'instruction_skipped',
        missingPreviousRenewalDates: ['2025-12-15'],
      }),
    ]);
    expect(script.posts).toBe(1);
    // Atomic batch: nothing executed, every decision kept under a new key.
    expect(body.batch?.items.map((item) => item.outcome)).toEqual(['not_executed', 'not_executed']);
    expect(after.entries).toHaveLength(2);
    expect(after.batchKey).not.toBe(draft.batchKey);
  });

  it('instruction_too_early: reads the events again and gives the opening date', async () => {
    refusedThenReads('instruction_too_early', EVENT_B, PATENT_B, {
      instructability: blocked('TOO_EARLY', '2027-01-01'),
    });
    const { status, body } = await sendBoth();
    expect(status).toBe(422);
    expect(body.events).toEqual([
      expect.objectContaining({ eventId: EVENT_B, code: 'instruction_too_early', opensAt: '2027-01-01' }),
    ]);
  });

  it('instruction_lapsed: the renewal whose decision is no longer offered', async () => {
    refusedThenReads('instruction_lapsed', EVENT_A, PATENT_A, {
      duePeriod: 'LAPSED',
      instructability: instructabilityFixture({ allowedDecisions: ['SKIP_THIS_TIME', 'DROP'] }),
    });
    const { body } = await sendBoth();
    expect(body.events).toEqual([expect.objectContaining({ eventId: EVENT_A, code: 'instruction_lapsed' })]);
  });

  it('instruction_already_set: the renewal decided meanwhile, otherwise', async () => {
    refusedThenReads('instruction_already_set', EVENT_B, PATENT_B, {
      appliedDecision: 'SKIP_THIS_TIME',
      processingStatus: 'INSTRUCTED',
      instructability: blocked('ALREADY_INSTRUCTED'),
    });
    const { status, body, after } = await sendBoth();
    expect(status).toBe(409);
    expect(body.events).toEqual([
      expect.objectContaining({ eventId: EVENT_B, code: 'instruction_already_set' }),
    ]);
    expect(after.entries).toHaveLength(2);
  });

  it('instruction_already_set with our very decision: counted as done, the rest kept to send again', async () => {
    refusedThenReads('instruction_already_set', EVENT_B, PATENT_B, {
      appliedDecision: 'PROCEED',
      processingStatus: 'INSTRUCTED',
      instructability: blocked('ALREADY_INSTRUCTED'),
    });
    const { status, body, after, draft } = await sendBoth();
    expect(status).toBe(409);
    expect(body.events).toEqual([expect.objectContaining({ eventId: EVENT_B, code: 'already_applied' })]);
    expect(body.batch?.items.map((item) => [item.eventId, item.outcome])).toEqual([
      [EVENT_A, 'not_executed'],
      [EVENT_B, 'executed'],
    ]);
    expect(after.entries.map((entry) => entry.eventId)).toEqual([EVENT_A]);
    expect(after.batchKey).not.toBe(draft.batchKey);
  });

  it('not_found: the renewal the service no longer knows', async () => {
    script.post = { status: 404, body: problemFixture('not_found') };
    script.after.set(EVENT_A, null);
    const { status, body } = await sendBoth();
    expect(status).toBe(404);
    expect(body.events).toEqual([expect.objectContaining({ eventId: EVENT_A, code: 'event_not_found' })]);
  });

  it('validation_failed: the renewal at the pointer', async () => {
    script.post = {
      status: 400,
      body: problemFixture('validation_failed', {
        errors: [{ pointer: '/instructions/1/decision', detail: 'not a decision' }],
      }),
    };
    const { status, body } = await sendBoth();
    expect(status).toBe(400);
    expect(body.events).toEqual([
      expect.objectContaining({ eventId: EVENT_B, code: 'validation_failed', detail: 'not a decision' }),
    ]);
  });

  it.each([
    ['insufficient_scope', 503, 'upstream_scope_missing'],
    ['api_key_expired', 503, 'upstream_key_expired'],
    ['invalid_api_key', 503, 'upstream_key_invalid'],
    ['forbidden', 403, 'upstream_forbidden'],
  ] as const)('%s: refuses the whole batch with the mapped message', async (code, status, ours) => {
    script.post = { status: problemFixture(code).status, body: problemFixture(code) };
    const answered = await sendBoth();
    expect(answered.status).toBe(status);
    expect(answered.body.code).toBe(ours);
    expect(answered.body.events).toEqual([]);
    expect(answered.after.entries).toHaveLength(2);
  });

  it('rate_limit_exceeded: says until when, from Retry-After', async () => {
    script.post = {
      status: 429,
      body: problemFixture('rate_limit_exceeded'),
      headers: { 'retry-after': '3600' },
    };
    const { status, body, retryAfter } = await sendBoth();
    expect(status).toBe(429);
    expect(body.code).toBe('upstream_quota_exhausted');
    expect(retryAfter).toBe('3600');
  });

  it('a 5xx from a gateway: the outcome is settled by reading the renewals, and the batch ends executed', async () => {
    script.post = { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' };
    bothAppliedAfterwards();
    const { status, body, after } = await sendBoth();
    expect(script.posts).toBe(1);
    expect(status).toBe(201);
    expect(body.batch?.state).toBe('executed');
    expect(body.batch?.items.map((item) => item.outcome)).toEqual(['executed', 'executed']);
    expect(after.entries).toEqual([]);
  });

  it('a bare 409 (code only, no title or type): read by its code, the renewals carrying our decision count as done', async () => {
    script.post = { status: 409, body: { code: 'instruction_already_set', status: '409' } };
    bothAppliedAfterwards();
    const { status, body, after } = await sendBoth();
    expect(status).toBe(200);
    expect(body.batch?.problem?.code).toBe('already_applied');
    expect(body.batch?.items.map((item) => item.outcome)).toEqual(['executed', 'executed']);
    expect(after.entries).toEqual([]);
  });

  it('a bare api_key_expired: the key alert, never a 401 passed on to the browser', async () => {
    script.post = { status: 401, body: { code: 'api_key_expired' } };
    const { status, body } = await sendBoth();
    expect(status).toBe(503);
    expect(body.code).toBe('upstream_key_expired');
  });

  it.each([
    [
      'a 413 from a gateway',
      { status: 413, body: '<html>Request Entity Too Large</html>', contentType: 'text/html' },
    ],
    [
      'a 422 with a code v2 does not list, speaking of the batch size',
      { status: 422, body: { code: 'batch_limit_exceeded', detail: 'At most 1 instruction per batch.' } },
    ],
    [
      'a 400 pointing at every item beyond the first',
      {
        status: 400,
        body: {
          code: 'validation_failed',
          errors: [{ pointer: '/instructions/1', detail: 'over the limit' }],
        },
      },
    ],
  ] as const)('the batch size learnt from %s: offered in parts, nothing sent', async (_name, post) => {
    script.post = { ...post };
    const { status, body, after } = await sendBoth();
    expect(status).toBe(422);
    expect(body.code).toBe('batch_too_large');
    expect(body.batch?.problem?.maxBatchSize).toBe(1);
    expect(after.entries).toHaveLength(2);
  });
});
