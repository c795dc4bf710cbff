import Big from 'big.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { AnnuityApiError } from '../../lib/annuity/errors';
import { strict } from '../../lib/annuity/schemas';
import { instructabilityOf } from '../domain/instructability';
import type { EventRecord } from '../domain/model';
import type { TenantState } from '../domain/tenant-state';
import {
  eventsWhere,
  expectStrict,
  firstEventWhere,
  problemOf,
  serviceForSuite,
  TEST_TODAY,
} from './harness';

const earliestUndecided = (event: EventRecord) =>
  event.patent.events.find((candidate) => candidate.appliedDecision === null);
const isOpenAndFirst = (event: EventRecord) =>
  earliestUndecided(event) === event &&
  event.opensAt <= TEST_TODAY &&
  (event.gracePeriodEndDate ?? '') >= TEST_TODAY;

describe('posting instructions (spec: Endpoints 10, Instruction rules)', () => {
  const h = serviceForSuite({ demo: false });
  let tenant: TenantState;
  let key: string;
  let counter = 0;
  // Each test gets a fresh portfolio, so decisions of one test never block another.
  beforeEach(async () => {
    counter += 1;
    ({ tenant, key } = await h.tenantWithKey({ name: `instructions-${counter}`, patents: 600, seed: 4242 }));
  });

  const post = (instructions: unknown[], init: { key?: string } = {}) =>
    h.postInstructions(instructions, init.key ?? key);
  const eventBody = async (event: EventRecord) =>
    (await (await h.call(`/patents/${event.patent.id}/events/${event.id}`, { key })).json()) as {
      appliedDecision: string | null;
      processingStatus: string;
      processingStatusUpdatedAt: string | null;
      feesStatus: string;
      fees: {
        invoiceId: string | null;
        components: { type: string; amount: string }[];
        total: string;
        currency: string;
      };
      instructability: { blockedReason: string | null };
    };

  it('executes an allowed decision at once: 201 receipt, decision applied, INSTRUCTED, invoice line (row 1)', async () => {
    const event = firstEventWhere(
      tenant,
      (candidate) => isOpenAndFirst(candidate) && candidate.dueDate >= TEST_TODAY,
    );
    const response = await post([{ eventId: event.id, decision: 'PROCEED' }]);
    expect(response.status).toBe(201);
    const receipt = expectStrict(strict.instructionReceipt, await response.json());
    expect(receipt.issueDate).toBe(TEST_TODAY);
    expect(receipt.instructions).toHaveLength(1);
    expect(receipt.instructions[0]).toMatchObject({
      decision: 'PROCEED',
      status: 'EXECUTED',
      scheduledForExecutionAt: null,
    });
    expect(receipt.instructions[0]?.executedAt?.startsWith(TEST_TODAY)).toBe(true);

    const after = await eventBody(event);
    expect(after).toMatchObject({
      appliedDecision: 'PROCEED',
      processingStatus: 'INSTRUCTED',
      feesStatus: 'INVOICED',
      instructability: { blockedReason: 'ALREADY_INSTRUCTED' },
    });
    expect(after.processingStatusUpdatedAt).toBe(receipt.instructions[0]?.executedAt);
    const invoiceId = after.fees.invoiceId;
    const invoice = expectStrict(
      strict.invoice,
      await (await h.call(`/invoices/${invoiceId}`, { key })).json(),
    );
    expect(invoice).toMatchObject({
      origin: 'GENERATED',
      issueDate: TEST_TODAY,
      currency: event.invoiceCurrency,
    });
    expect(invoice.number).toMatch(/^\d+$/);
    expect(invoice.fees.map((line) => line.eventId)).toEqual([event.id]);
    expect(invoice.fees[0]).toEqual(after.fees);
    // The first page of the list shows it (newest first).
    const page = (await (await h.call('/invoices?itemsPerPage=1', { key })).json()) as {
      data: { id: string }[];
    };
    expect(page.data[0]?.id).toBe(invoiceId);
    // The receipt continues the tenant's numbering.
    expect(receipt.number).toBe(Math.max(...[...tenant.receiptsById.values()].map((item) => item.number)));
  });

  it('refuses an event that already has a decision: 409 instruction_already_set (row 2)', async () => {
    const event = firstEventWhere(tenant, (candidate) => candidate.appliedDecision !== null);
    const response = await post([{ eventId: event.id, decision: 'PROCEED' }]);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe('instruction_already_set');
    // A retry of a batch that did go through (after a lost answer) says the same.
    const open = firstEventWhere(tenant, isOpenAndFirst);
    expect((await post([{ eventId: open.id, decision: 'SKIP_THIS_TIME' }])).status).toBe(201);
    expect((await problemOf(await post([{ eventId: open.id, decision: 'SKIP_THIS_TIME' }]))).code).toBe(
      'instruction_already_set',
    );
  });

  it('refuses an event before opensAt: 422 instruction_too_early (row 3)', async () => {
    const event = firstEventWhere(
      tenant,
      (candidate) => candidate.opensAt > TEST_TODAY && earliestUndecided(candidate) === candidate,
    );
    const response = await post([{ eventId: event.id, decision: 'SKIP_THIS_TIME' }]);
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.code).toBe('instruction_too_early');
    expect(problem.detail).toContain(event.opensAt);
  });

  it('refuses a later event while an earlier one is undecided: 422 instruction_skipped with its extensions (row 4)', async () => {
    const event = firstEventWhere(
      tenant,
      (candidate) =>
        candidate.opensAt <= TEST_TODAY &&
        earliestUndecided(candidate) !== candidate &&
        candidate.appliedDecision === null,
    );
    const response = await post([{ eventId: event.id, decision: 'PROCEED' }]);
    expect(response.status).toBe(422);
    const problem = expectStrict(strict.problem, await response.json());
    expect(problem.code).toBe('instruction_skipped');
    expect(problem.clientCaseReference).toBe(event.patent.clientCaseReference);
    const missing = event.patent.events.filter(
      (candidate) => candidate.dueDate < event.dueDate && candidate.appliedDecision === null,
    );
    expect(problem.missingPreviousRenewalDates).toEqual(missing.map((candidate) => candidate.dueDate));
    expect(problem.missingPreviousRenewalDates?.length).toBeGreaterThan(0);
  });

  it('does not offer PROCEED on a LAPSED event: 422 instruction_lapsed; SKIP_THIS_TIME and DROP pass (row 5)', async () => {
    const [first, second] = eventsWhere(
      tenant,
      (candidate) =>
        earliestUndecided(candidate) === candidate && (candidate.gracePeriodEndDate ?? '') < TEST_TODAY,
    );
    if (!first || !second) throw new Error('need two lapsed events');
    const refused = await post([{ eventId: first.id, decision: 'PROCEED' }]);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).code).toBe('instruction_lapsed');
    expect((await post([{ eventId: first.id, decision: 'SKIP_THIS_TIME' }])).status).toBe(201);
    expect((await post([{ eventId: second.id, decision: 'DROP' }])).status).toBe(201);
  });

  it('keeps the chain after SKIP_THIS_TIME: the next event becomes the one to decide (row 6)', async () => {
    const first = firstEventWhere(tenant, (candidate) => {
      if (!isOpenAndFirst(candidate) || candidate.dueDate >= TEST_TODAY) return false;
      const next = candidate.patent.events[candidate.patent.events.indexOf(candidate) + 1];
      return next !== undefined && next.opensAt <= TEST_TODAY;
    });
    const next = first.patent.events[first.patent.events.indexOf(first) + 1] as EventRecord;
    expect((await eventBody(next)).instructability.blockedReason).toBe('EARLIER_EVENT_PENDING');
    expect((await post([{ eventId: first.id, decision: 'SKIP_THIS_TIME' }])).status).toBe(201);
    const nextAfter = await eventBody(next);
    expect(nextAfter.instructability.blockedReason).toBeNull();
    const skipped = await eventBody(first);
    expect(skipped.fees.components.map((component) => component.type)).toEqual(['SERVICE']);
    expect((await post([{ eventId: next.id, decision: 'PROCEED' }])).status).toBe(201);
  });

  it('DROP deletes every later event of the patent and lapses the right (row 7)', async () => {
    const dropped = firstEventWhere(
      tenant,
      (candidate) =>
        isOpenAndFirst(candidate) &&
        candidate.patent.events.indexOf(candidate) < candidate.patent.events.length - 2,
    );
    const patent = dropped.patent;
    const later = patent.events.slice(patent.events.indexOf(dropped) + 1);
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect((await post([{ eventId: dropped.id, decision: 'DROP' }])).status).toBe(201);

    const list = (await (await h.call(`/patents/${patent.id}/events`, { key })).json()) as {
      id: string;
      dueDate: string;
    }[];
    expect(list.map((event) => event.id)).not.toContain(later[0]?.id);
    expect(list[list.length - 1]?.id).toBe(dropped.id);
    for (const event of later) {
      expect((await h.call(`/patents/${patent.id}/events/${event.id}`, { key })).status).toBe(404);
      const month = (await (
        await h.call(
          `/patent-events?dueMonth=${event.dueMonth}&itemsPerPage=100&family=${patent.clientFamilyReference ?? ''}`,
          { key },
        )
      ).json()) as { data: { id: string }[] };
      expect(month.data.map((item) => item.id)).not.toContain(event.id);
    }
    const patentBody = (await (await h.call(`/patents/${patent.id}`, { key })).json()) as {
      status: string;
      lapseDate: string;
      updatedAt: string;
    };
    expect(patentBody.status).toBe('LAPSED');
    expect(patentBody.lapseDate).toBe(dropped.dueDate);
    expect(patentBody.updatedAt.startsWith(TEST_TODAY)).toBe(true);
    const line = (await eventBody(dropped)).fees;
    expect(line.components.map((component) => component.type)).toEqual(['SERVICE']);
    // No undo: the dropped event is decided and nothing after it can be instructed.
    expect((await problemOf(await post([{ eventId: later[0]?.id, decision: 'PROCEED' }]))).code).toBe(
      'not_found',
    );
  });

  it('is atomic: any error executes nothing, and consumes no receipt or invoice number', async () => {
    const [good, other] = eventsWhere(tenant, isOpenAndFirst);
    const tooEarly = firstEventWhere(tenant, (candidate) => candidate.opensAt > TEST_TODAY);
    if (!good || !other) throw new Error('fixtures');
    const invoicesBefore = tenant.invoices.length;
    const receiptBefore = tenant.lastReceiptNumber;
    const invoiceNumberBefore = tenant.lastInvoiceNumber;
    for (const bad of [
      { eventId: tooEarly.id, decision: 'PROCEED' },
      { eventId: '00000000-0000-4000-8000-000000000000', decision: 'PROCEED' },
      { eventId: good.id, decision: 'MAYBE' },
    ]) {
      const response = await post([{ eventId: good.id, decision: 'PROCEED' }, bad]);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(good.appliedDecision).toBeNull();
      expect(tenant.invoices.length).toBe(invoicesBefore);
    }
    const ok = expectStrict(
      strict.instructionReceipt,
      await (await post([{ eventId: other.id, decision: 'PROCEED' }])).json(),
    );
    expect(ok.number).toBe(receiptBefore + 1);
    expect(tenant.lastInvoiceNumber).toBe(invoiceNumberBefore + 1);
  });

  it('refuses two events of one patent in one batch: 422 instruction_skipped, nothing executed', async () => {
    const first = firstEventWhere(tenant, (candidate) => {
      const next = candidate.patent.events[candidate.patent.events.indexOf(candidate) + 1];
      return isOpenAndFirst(candidate) && next !== undefined && next.opensAt <= TEST_TODAY;
    });
    const second = first.patent.events[first.patent.events.indexOf(first) + 1] as EventRecord;
    for (const order of [
      [first, second],
      [second, first],
    ]) {
      const response = await post(order.map((event) => ({ eventId: event.id, decision: 'PROCEED' })));
      expect(response.status).toBe(422);
      const problem = await problemOf(response);
      expect(problem.code).toBe('instruction_skipped');
      expect(problem.clientCaseReference).toBe(first.patent.clientCaseReference);
      expect(problem.missingPreviousRenewalDates).toContain(first.dueDate);
      expect(first.appliedDecision).toBeNull();
    }
    // Two events of one patent where the later one is not even open yet: still instruction_skipped.
    const early = firstEventWhere(
      tenant,
      (candidate) =>
        isOpenAndFirst(candidate) && candidate.patent.events.some((other) => other.opensAt > TEST_TODAY),
    );
    const notOpen = early.patent.events.find((other) => other.opensAt > TEST_TODAY) as EventRecord;
    const response = await post([
      { eventId: early.id, decision: 'PROCEED' },
      { eventId: notOpen.id, decision: 'PROCEED' },
    ]);
    expect((await problemOf(response)).code).toBe('instruction_skipped');
  });

  it('answers a malformed body with 400 validation_failed and RFC 6901 pointers', async () => {
    const event = firstEventWhere(tenant, isOpenAndFirst);
    const cases: [unknown, string[]][] = [
      [{ instructions: [{ eventId: event.id, decision: 'MAYBE' }] }, ['/instructions/0/decision']],
      [{ instructions: [{ decision: 'PROCEED' }] }, ['/instructions/0/eventId']],
      [{ instructions: [{ eventId: 'abc', decision: 'PROCEED' }] }, ['/instructions/0/eventId']],
      [{ instructions: [{ eventId: event.id, decision: 'PROCEED', note: 'x' }] }, ['/instructions/0/note']],
      [{ instructions: [{ eventId: event.id, decision: 'PROCEED' }], 'a/b~c': 1 }, ['/a~1b~0c']],
      [{ instructions: 'all' }, ['/instructions']],
      [{}, ['/instructions']],
      [[], ['']],
      [
        {
          instructions: [
            { eventId: event.id, decision: 'PROCEED' },
            { eventId: event.id.toUpperCase(), decision: 'DROP' },
          ],
        },
        ['/instructions/1/eventId'],
      ],
    ];
    for (const [body, pointers] of cases) {
      const response = await h.call('/patent-instructions', { method: 'POST', key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const problem = expectStrict(strict.problem, await response.json());
      expect(
        problem.errors?.map((error) => error.pointer),
        JSON.stringify(body),
      ).toEqual(pointers);
    }
    const notJson = await h.call('/patent-instructions', { method: 'POST', key, body: '{"instructions": [' });
    expect((await problemOf(notJson)).errors?.[0]?.pointer).toBe('');
    const wrongType = await h.call('/patent-instructions', {
      method: 'POST',
      key,
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(400);
    expect(event.appliedDecision).toBeNull();
  });

  it('caps a batch at 500 instructions', async () => {
    const events = eventsWhere(tenant, isOpenAndFirst);
    const instructions = Array.from({ length: 501 }, (_, index) => ({
      eventId: events[index % events.length]?.id,
      decision: 'SKIP_THIS_TIME',
    }));
    const response = await post(instructions);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      { pointer: '/instructions', detail: expect.stringContaining('500') },
    ]);
  });

  it('bills PROCEED with OFFICE, AGENT, SERVICE (+GRACE_PERIOD in grace) and SKIP/DROP with SERVICE only, one invoice per currency', async () => {
    const open = eventsWhere(tenant, isOpenAndFirst);
    const byCurrency = new Map<string, EventRecord[]>();
    for (const event of open)
      byCurrency.set(event.invoiceCurrency, [...(byCurrency.get(event.invoiceCurrency) ?? []), event]);
    expect([...byCurrency.keys()].sort()).toEqual(['EUR', 'JPY', 'USD']);
    const inGrace = open.find(
      (event) => event.dueDate < TEST_TODAY && event.agentFee !== null,
    ) as EventRecord;
    const beforeDue = open.find(
      (event) => event.dueDate >= TEST_TODAY && event.agentFee !== null && event.invoiceCurrency === 'EUR',
    ) as EventRecord;
    const ep = open.find(
      (event) => event.patent.office === 'EP' && event.dueDate >= TEST_TODAY,
    ) as EventRecord;
    const jp = (byCurrency.get('JPY') ?? []).find((event) => event !== inGrace) as EventRecord;
    const usd = (byCurrency.get('USD') ?? []).find((event) => event !== inGrace) as EventRecord;
    const skip = open.find((event) => ![inGrace, beforeDue, ep, jp, usd].includes(event)) as EventRecord;
    const batch = [
      { eventId: inGrace.id, decision: 'PROCEED' },
      { eventId: beforeDue.id, decision: 'PROCEED' },
      { eventId: ep.id, decision: 'PROCEED' },
      { eventId: jp.id, decision: 'PROCEED' },
      { eventId: usd.id, decision: 'DROP' },
      { eventId: skip.id, decision: 'SKIP_THIS_TIME' },
    ];
    const response = await post(batch);
    expect(response.status).toBe(201);
    const types = async (event: EventRecord) =>
      (await eventBody(event)).fees.components.map((component) => component.type);
    expect(await types(inGrace)).toEqual(['OFFICE', 'AGENT', 'GRACE_PERIOD', 'SERVICE']);
    expect(await types(beforeDue)).toEqual(['OFFICE', 'AGENT', 'SERVICE']);
    expect(await types(ep)).toEqual(['OFFICE', 'SERVICE']);
    expect(await types(usd)).toEqual(['SERVICE']);
    expect(await types(skip)).toEqual(['SERVICE']);
    const jpFees = (await eventBody(jp)).fees;
    expect(jpFees.currency).toBe('JPY');
    for (const component of jpFees.components) expect(component.amount).toMatch(/^\d+$/);

    const invoiceIds = new Set<string>();
    for (const { eventId } of batch) {
      const event = tenant.eventsById.get(eventId) as EventRecord;
      invoiceIds.add((await eventBody(event)).fees.invoiceId ?? '');
    }
    const currencies = [];
    for (const id of invoiceIds) {
      const invoice = expectStrict(strict.invoice, await (await h.call(`/invoices/${id}`, { key })).json());
      currencies.push(invoice.currency);
      const sum = invoice.fees.reduce((total, line) => total.plus(line.total ?? '0'), new Big(0));
      expect(sum.eq(invoice.subtotalExcludingTax ?? 'x')).toBe(true);
    }
    expect(currencies.sort()).toEqual(
      [...new Set([inGrace, beforeDue, ep, jp, usd, skip].map((event) => event.invoiceCurrency))].sort(),
    );
  });

  it('enforces exactly what instructability shows (one function for both)', async () => {
    const sample = [...tenant.eventsById.values()].filter((_, index) => index % 7 === 0).slice(0, 150);
    const codes: Record<string, string> = {
      ALREADY_INSTRUCTED: 'instruction_already_set',
      TOO_EARLY: 'instruction_too_early',
      EARLIER_EVENT_PENDING: 'instruction_skipped',
    };
    for (const event of sample) {
      if (event.removed) continue;
      const rules = instructabilityOf(event, TEST_TODAY);
      const decision = rules.isAllowed ? 'PROCEED' : 'SKIP_THIS_TIME';
      const response = await post([{ eventId: event.id, decision }]);
      if (!rules.isAllowed) expect((await problemOf(response)).code).toBe(codes[rules.blockedReason ?? '']);
      else if (rules.allowedDecisions.includes('PROCEED')) expect(response.status).toBe(201);
      else expect((await problemOf(response)).code).toBe('instruction_lapsed');
    }
  });

  it('reports a failed batch through the typed client as AnnuityApiError with the extensions', async () => {
    const event = firstEventWhere(
      tenant,
      (candidate) =>
        candidate.opensAt <= TEST_TODAY &&
        candidate.appliedDecision === null &&
        earliestUndecided(candidate) !== candidate,
    );
    const error = await h
      .client(key)
      .postPatentInstructions({ instructions: [{ eventId: event.id, decision: 'PROCEED' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnnuityApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'instruction_skipped',
      clientCaseReference: event.patent.clientCaseReference,
    });
    expect((error as AnnuityApiError).missingPreviousRenewalDates.length).toBeGreaterThan(0);
  });
});
