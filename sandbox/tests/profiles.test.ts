import { beforeAll, describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../lib/annuity/content-disposition';
import { strict } from '../../lib/annuity/schemas';
import {
  FUTURE_APPLICANT_TYPE,
  FUTURE_COMPONENT_TYPE,
  FUTURE_EVENT_TYPE,
  stripFutureV2Additions,
} from '../api/future-v2';
import { DEFERRED_MODE, SCHEDULED_STATUS } from '../api/views';
import { ConfigError, parseConfig } from '../config';
import { addDays } from '../domain/calendar';
import type { EventRecord } from '../domain/model';
import type { TenantState } from '../domain/tenant-state';
import { ProfileSchema } from '../operator/schemas';
import { PROFILES } from '../profiles';
import {
  eventsWhere,
  expectStrict,
  type Harness,
  problemOf,
  serviceForSuite,
  startInProcess,
  TEST_TODAY,
} from './harness';

/**
 * Behaviour profiles (sandbox/profiles.ts): each switch of the variant does what README says, and
 * what a profile serves is still the contract — strict, once the additions a later v2 may make
 * (spec: Versioning 2) are taken away again and the spec's "accept either" number is read as text.
 */

/** The spec's alternatives read back into this v2's strict shape. */
function asThisV2(body: unknown): unknown {
  const value = stripFutureV2Additions(body) as Record<string, unknown>;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) record[key] = walk(child);
    // spec: Invoice, `number` — "some payloads show it as a number; accept either".
    if (record.object === 'invoice' && typeof record.number === 'number')
      record.number = String(record.number);
    // spec: Patent event, `mode` — "DIRECT today; open enum".
    if (record.mode === DEFERRED_MODE) record.mode = 'DIRECT';
    // spec: Instruction, `status` — "other values: not shown"; checked on its own below.
    if (record.object === 'instruction' && record.status === SCHEDULED_STATUS) {
      record.status = 'EXECUTED';
      record.executedAt = `${record.scheduledForExecutionAt}T00:00:00.000Z`;
      record.scheduledForExecutionAt = null;
    }
    return record;
  };
  return walk(value);
}

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

function firstOpen(tenant: TenantState, count: number): EventRecord[] {
  const firsts = new Map<string, EventRecord>();
  for (const event of eventsWhere(
    tenant,
    (candidate) =>
      candidate.appliedDecision === null &&
      !candidate.removed &&
      candidate.opensAt <= TEST_TODAY &&
      (candidate.gracePeriodEndDate ?? candidate.dueDate) >= TEST_TODAY,
  )) {
    const first = event.patent.events.find((other) => other.appliedDecision === null && !other.removed);
    if (first === event && !firsts.has(event.patent.id)) firsts.set(event.patent.id, event);
  }
  return [...firsts.values()].slice(0, count);
}

describe('selecting a profile', () => {
  it('takes --profile, then SANDBOX_PROFILE, default `default`', () => {
    expect(parseConfig([], env({})).profile).toBe('default');
    expect(parseConfig([], env({ SANDBOX_PROFILE: 'variant' })).profile).toBe('variant');
    expect(parseConfig(['--profile', 'default'], env({ SANDBOX_PROFILE: 'variant' })).profile).toBe(
      'default',
    );
    expect(() => parseConfig(['--profile', 'odd'], env({}))).toThrow(ConfigError);
  });

  it('is read and changed through the operator API, by name or switch by switch', async () => {
    const h = await startInProcess({ demo: false });
    try {
      expect(ProfileSchema.parse(await h.operator.getProfile())).toEqual({
        name: 'default',
        switches: PROFILES.default,
      });
      expect(await h.operator.setProfile({ name: 'variant' })).toEqual({
        name: 'variant',
        switches: PROFILES.variant,
      });
      const custom = await h.operator.setProfile({ switches: { maxBatchSize: 3 } });
      expect(custom).toEqual({ name: 'custom', switches: { ...PROFILES.variant, maxBatchSize: 3 } });
      expect(
        await h.operator.setProfile({ name: 'default', switches: { receiptOrder: 'reversed' } }),
      ).toEqual({ name: 'custom', switches: { ...PROFILES.default, receiptOrder: 'reversed' } });
      await expect(h.operator.setProfile({ switches: { maxBatchSize: 0 } })).rejects.toMatchObject({
        status: 400,
      });
    } finally {
      await h.close();
    }
  });
});

describe('the variant profile still serves the contract', () => {
  // Bursts are their own test below: a raw walk does not retry.
  const h = serviceForSuite({ demo: false, profile: 'variant', switches: { serverErrorBursts: null } });
  let key: string;
  let tenant: TenantState;
  beforeAll(async () => {
    ({ key, tenant } = await h.tenantWithKey({ name: 'variant-walk', patents: 150, seed: 4242 }));
  });

  const json = async (path: string, init: Parameters<Harness['call']>[1] = {}) => {
    const response = await h.call(path, { key, ...init });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  /** The open event at `index`, instructed PROCEED: each test takes its own, so their decisions never meet. */
  const proceedOpenEvent = async (index: number) => {
    const event = firstOpen(tenant, index + 1)[index];
    if (!event) throw new Error('no open event');
    await json('/patent-instructions', {
      method: 'POST',
      body: { instructions: [{ eventId: event.id, decision: 'PROCEED' }] },
    });
    return event;
  };

  it('lists patents and events with additions, strict once they are taken away', async () => {
    let sawFutureApplicant = false;
    for (let page = 1; ; page++) {
      const { body } = await json(`/patents?itemsPerPage=100&currentPage=${page}`);
      const raw = body as { data: { applicantType: string | null; revision?: number }[]; meta?: unknown };
      expect(raw.meta).toBeDefined();
      expect(raw.data.every((patent) => patent.revision === 1)).toBe(true);
      sawFutureApplicant ||= raw.data.some((patent) => patent.applicantType === FUTURE_APPLICANT_TYPE);
      const parsed = expectStrict(strict.page(strict.patent), asThisV2(body), `patents ${page}`);
      if (!parsed.pagination.hasMore) break;
    }
    expect(sawFutureApplicant).toBe(true);

    let futureKinds = 0;
    let items = 0;
    let totalItems = 0;
    for (let page = 1; ; page++) {
      const { body } = await json(
        `/patent-events?dueMonth=2026-04&include=fees&itemsPerPage=30&currentPage=${page}`,
      );
      const raw = body as {
        data: { eventType: string; fees?: { feesStatus: string; components: { type: string }[] } }[];
      };
      futureKinds += raw.data.filter((event) => event.eventType === FUTURE_EVENT_TYPE).length;
      items += raw.data.length;
      const renewals = raw.data.filter(
        (event) => event.eventType === 'RENEWAL' && event.fees?.feesStatus === 'ESTIMATED',
      );
      expect(
        renewals.every((event) => event.fees?.components.some((c) => c.type === FUTURE_COMPONENT_TYPE)),
      ).toBe(true);
      const parsed = expectStrict(strict.page(strict.patentEvent), asThisV2(body), `events ${page}`);
      totalItems = (body as { pagination: { totalItems: number } }).pagination.totalItems;
      if (!parsed.pagination.hasMore) break;
    }
    // One event of an unlisted kind, counted in the last page's total (unless the page was full).
    expect(futureKinds).toBeLessThanOrEqual(1);
    expect(items).toBe(totalItems);
    const pinned = await json('/patent-events?dueMonth=2026-04&eventTypes=RENEWAL&itemsPerPage=100');
    expect(
      (pinned.body as { data: { eventType: string }[] }).data.every((event) => event.eventType === 'RENEWAL'),
    ).toBe(true);
  });

  it('serves per-patent events without fees, with a kind this v2 does not list, and fees on endpoint 5', async () => {
    for (const patent of tenant.patents.slice(0, 25)) {
      const list = await json(`/patents/${patent.id}/events`);
      const raw = list.body as { eventType: string; fees?: unknown }[];
      expect(raw.some((event) => 'fees' in event)).toBe(false);
      if (raw.length > 0) expect(raw.at(-1)?.eventType).toBe(FUTURE_EVENT_TYPE);
      const events = expectStrict(strict.patentEvent.array(), asThisV2(list.body), 'patent events');
      for (const event of events.slice(0, 3)) {
        const one = await json(`/patents/${patent.id}/events/${event.id}`);
        expect('fees' in (one.body as object)).toBe(false);
        expect((one.body as { instructability?: { mode: string } }).instructability?.mode).toBe(
          DEFERRED_MODE,
        );
        expectStrict(strict.patentEvent, asThisV2(one.body), 'event');
        const fees = await json(`/patents/${patent.id}/events/${event.id}/fees`);
        expectStrict(strict.fees, asThisV2(fees.body), 'fees');
      }
    }
  });

  it('numbers invoices as JSON numbers (null when IMPORTED), rounds VAT per line, and corrects more often', async () => {
    const invoices: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const { body } = await json(`/invoices?itemsPerPage=100&currentPage=${page}`);
      const parsed = expectStrict(strict.page(strict.invoice), asThisV2(body), `invoices ${page}`);
      invoices.push(...(body as { data: Record<string, unknown>[] }).data);
      if (!parsed.pagination.hasMore) break;
    }
    for (const invoice of invoices) {
      if (invoice.origin === 'IMPORTED') expect(invoice.number).toBeNull();
      else expect(typeof invoice.number).toBe('number');
    }
    const record = tenant.invoices.find(
      (candidate) =>
        candidate.origin === 'GENERATED' && candidate.totalIncludingTax !== perLineTotal(candidate),
    );
    // With enough lines, rounding per line and rounding once differ somewhere.
    expect(record).toBeDefined();
    if (record) {
      const served = invoices.find((invoice) => invoice.id === record.id);
      expect(served?.totalIncludingTax).toBe(perLineTotal(record));
    }
    const corrections = invoices.filter((invoice) => invoice.origin === 'REGULARIZATION').length;
    // The same tenant under the default profile: fewer corrections, the same portfolio.
    const plain = await startInProcess({ demo: false });
    try {
      const { tenant: same } = await plain.tenantWithKey({ name: 'variant-walk', patents: 150, seed: 4242 });
      const plainCorrections = same.invoices.filter((invoice) => invoice.origin === 'REGULARIZATION').length;
      expect(corrections).toBeGreaterThan(plainCorrections);
      expect(same.patents.map((patent) => patent.clientCaseReference)).toEqual(
        tenant.patents.map((patent) => patent.clientCaseReference),
      );
    } finally {
      await plain.close();
    }
  });

  it('accepts instructions for later execution, lists them in another order, and caps the batch at 20', async () => {
    const open = firstOpen(tenant, 21);
    expect(open.length).toBe(21);
    const tooMany = await h.postInstructions(
      open.map((event) => ({ eventId: event.id, decision: 'SKIP_THIS_TIME' })),
      key,
    );
    expect(tooMany.status).toBe(400);
    const problem = await problemOf(tooMany);
    expectStrict(strict.problem, problem, 'batch too large');
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([
      { pointer: '/instructions', detail: 'at most 20 instructions per batch, got 21' },
    ]);
    expect(open[0]?.appliedDecision).toBeNull();

    const decisions = ['PROCEED', 'SKIP_THIS_TIME', 'PROCEED'] as const;
    const batch = open.slice(0, 3).map((event, index) => ({ eventId: event.id, decision: decisions[index] }));
    const posted = await json('/patent-instructions', { method: 'POST', body: { instructions: batch } });
    expect(posted.status).toBe(201);
    const receipt = posted.body as {
      instructions: {
        decision: string;
        status: string;
        executedAt: string | null;
        scheduledForExecutionAt: string;
      }[];
    };
    expect(receipt.instructions.map((instruction) => instruction.decision)).toEqual([...decisions].reverse());
    for (const instruction of receipt.instructions) {
      expect(instruction.status).toBe(SCHEDULED_STATUS);
      expect(instruction.executedAt).toBeNull();
      expect(instruction.scheduledForExecutionAt).toBe(addDays(TEST_TODAY, 1));
    }
    expectStrict(strict.instructionReceipt, asThisV2(posted.body), 'receipt');
  });

  it('files the official receipt days after FULFILLED, names documents in RFC 6266 filename*, refuses imported ones with 403', async () => {
    const event = await proceedOpenEvent(30);
    await h.operator.progressEvent(event.id, 'FULFILLED');
    const path = `/patents/${event.patent.id}/events/${event.id}/documents`;
    const early = await h.call(`${path}/official-receipt`, { key });
    expect(early.status).toBe(404);
    expectStrict(strict.problem, await early.json(), 'not yet on file');

    const receiptPdf = await h.call(`${path}/instruction-receipt`, { key });
    expect(receiptPdf.status).toBe(200);
    expect(receiptPdf.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(filenameFromDisposition(receiptPdf.headers.get('content-disposition'))).toBe(
      `instruction-receipt-${event.id}.pdf`,
    );

    await h.operator.setToday(addDays(TEST_TODAY, PROFILES.variant.officialReceiptDelayDays));
    try {
      const late = await h.call(`${path}/official-receipt`, { key });
      expect(late.status).toBe(200);
      expect(late.headers.get('content-type')).toBe('application/pdf');
      const name = filenameFromDisposition(late.headers.get('content-disposition'));
      expect(name).toMatch(/^reçu officiel – OR-[A-Z]{2}-\d{7}\.pdf$/);
    } finally {
      await h.operator.setToday(TEST_TODAY);
    }

    const imported = tenant.invoices.find((invoice) => invoice.origin === 'IMPORTED' && invoice.lines[0]);
    const line = imported?.lines[0];
    if (!line) throw new Error('no imported invoice');
    const refused = await h.call(`/patents/${line.patentId}/events/${line.eventId}/documents/invoice`, {
      key,
    });
    expect(refused.status).toBe(403);
    const problem = await problemOf(refused);
    expect(problem.code).toBe('forbidden');
    expectStrict(strict.problem, problem, 'imported invoice document');
  });

  it('releases an official receipt early through the operator API', async () => {
    const event = await proceedOpenEvent(44);
    await expect(h.operator.releaseOfficialReceipt(event.id)).rejects.toMatchObject({ status: 409 });
    await h.operator.progressEvent(event.id, 'FULFILLED');
    await h.operator.releaseOfficialReceipt(event.id);
    const path = `/patents/${event.patent.id}/events/${event.id}/documents/official-receipt`;
    expect((await h.call(path, { key })).status).toBe(200);
  });
});

describe('bursts of 5xx', () => {
  it('answers every 40th read and the next one 503, never a write, and not while faults are set', async () => {
    const h = await startInProcess({ demo: false, profile: 'variant' });
    try {
      const { key } = await h.tenantWithKey({ name: 'bursty', patents: 10 });
      const statuses: number[] = [];
      for (let i = 0; i < 82; i++) statuses.push((await h.call('/patents', { key })).status);
      expect(statuses.flatMap((status, index) => (status === 503 ? [index + 1] : []))).toEqual([
        40, 41, 80, 81,
      ]);
      const client = h.client(key);
      // A client that retries reads twice never sees a burst of two.
      const retrying = (await import('../../lib/annuity/client')).createAnnuityClient({
        baseUrl: 'http://sandbox.test',
        apiKey: key,
        fetch: h.fetch,
        retries: 2,
        retryBaseDelayMs: 1,
      });
      for (let i = 0; i < 90; i++) await retrying.getPatents({});
      expect(client).toBeDefined();
      await h.operator.setFaults({ latencyMs: 1 });
      const quiet: number[] = [];
      for (let i = 0; i < 82; i++) quiet.push((await h.call('/patents', { key })).status);
      expect(quiet.every((status) => status === 200)).toBe(true);
    } finally {
      await h.close();
    }
  });
});

function perLineTotal(invoice: TenantState['invoices'][number]): string {
  // Independent of views.ts: integer minor units, half-up per line.
  const minor = invoice.currency === 'JPY' ? 0 : 2;
  const factor = 10 ** minor;
  const toMinor = (amount: string) => Math.round(Number(amount) * factor);
  const vat = invoice.lines.reduce((sum, line) => {
    const exact = toMinor(line.total) * invoice.vatRate;
    return sum + Math.sign(exact) * Math.round(Math.abs(exact) + 1e-9);
  }, 0);
  const total = toMinor(invoice.subtotalExcludingTax) + vat;
  return minor === 0 ? String(total) : (total / factor).toFixed(minor);
}
