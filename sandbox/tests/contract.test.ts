import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES, strict } from '../../lib/annuity/schemas';
import { eventsWhere, expectStrict, type Harness, serviceForSuite } from './harness';

/**
 * Everything the API serves validates against the STRICT schemas of lib/annuity (every field
 * present, null not omitted, formats exact, money scaled). This walks every endpoint over the demo
 * tenant, including every page of the lists, and every problem code the service can answer.
 */
describe('every response matches the strict contract', () => {
  const h = serviceForSuite();

  const json = async (path: string, init?: Parameters<Harness['call']>[1]) => {
    const response = await h.call(path, init);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('serves every patent page strictly, and every patent by id', async () => {
    let page = 1;
    let seen = 0;
    for (;;) {
      const { status, body } = await json(`/patents?itemsPerPage=100&currentPage=${page}`);
      expect(status).toBe(200);
      const parsed = expectStrict(strict.page(strict.patent), body, `patents page ${page}`);
      seen += parsed.data.length;
      for (const patent of parsed.data.slice(0, 3)) {
        expectStrict(strict.patent, (await json(`/patents/${patent.id}`)).body, 'patent');
      }
      if (!parsed.pagination.hasMore) break;
      page++;
    }
    expect(seen).toBe(2000);
  });

  it('serves the period list strictly, with and without fees, over five years of due dates', async () => {
    for (const include of ['&include=fees', '']) {
      let page = 1;
      for (;;) {
        const { status, body } = await json(
          `/patent-events?dueFrom=2024-01-01&dueTo=2029-12-31&itemsPerPage=100&currentPage=${page}${include}`,
        );
        expect(status).toBe(200);
        const parsed = expectStrict(strict.page(strict.patentEvent), body, `events page ${page}`);
        for (const event of parsed.data) expect('fees' in event).toBe(include !== '');
        if (!parsed.pagination.hasMore) break;
        page++;
      }
      expect(page).toBeGreaterThan(50);
    }
  });

  it('serves per-patent events, single events and fees strictly', async () => {
    const tenant = h.demo();
    for (const patent of tenant.patents.slice(0, 120)) {
      const list = await json(`/patents/${patent.id}/events`);
      const events = expectStrict(strict.patentEvent.array(), list.body, 'patent events');
      for (const event of events) {
        expectStrict(
          strict.patentEvent,
          (await json(`/patents/${patent.id}/events/${event.id}`)).body,
          'event',
        );
        expectStrict(strict.fees, (await json(`/patents/${patent.id}/events/${event.id}/fees`)).body, 'fees');
      }
    }
  });

  it('serves every invoice page and every invoice strictly', async () => {
    let page = 1;
    const ids: string[] = [];
    for (;;) {
      const { body } = await json(`/invoices?itemsPerPage=100&currentPage=${page}`);
      const parsed = expectStrict(strict.page(strict.invoice), body, `invoices page ${page}`);
      ids.push(...parsed.data.map((invoice) => invoice.id));
      if (!parsed.pagination.hasMore) break;
      page++;
    }
    expect(ids.length).toBe(h.demo().invoices.length);
    for (const id of ids) expectStrict(strict.invoice, (await json(`/invoices/${id}`)).body, 'invoice');
  });

  it('serves freezes, receipts and the events after a decision strictly', async () => {
    expectStrict(
      strict.exchangeRateFreeze,
      (await json('/exchange-rate-freezes/2026-04')).body,
      'month before freeze',
    );
    expectStrict(
      strict.exchangeRateFreeze,
      (await json('/exchange-rate-freezes/2026-04', { method: 'PUT' })).body,
      'freeze',
    );
    expectStrict(
      strict.exchangeRateFreezeSummary.array(),
      (await json('/exchange-rate-freezes')).body,
      'freeze list',
    );

    const open = eventsWhere(
      h.demo(),
      (event) => event.appliedDecision === null && event.dueMonth === '2026-04',
    );
    const picked = new Map(open.map((event) => [event.patent.id, event]));
    const instructions = [...picked.values()]
      .filter(
        (event) => event.patent.events.find((candidate) => candidate.appliedDecision === null) === event,
      )
      .slice(0, 6)
      .map((event, index) => ({
        eventId: event.id,
        decision: (['PROCEED', 'SKIP_THIS_TIME', 'DROP'] as const)[index % 3],
      }));
    const posted = await json('/patent-instructions', { method: 'POST', body: { instructions } });
    expect(posted.status).toBe(201);
    expectStrict(strict.instructionReceipt, posted.body, 'receipt');
    for (const { eventId } of instructions) {
      const event = h.demo().eventsById.get(eventId);
      const body = (await json(`/patents/${event?.patent.id}/events/${eventId}`)).body;
      const parsed = expectStrict(strict.patentEvent, body, 'decided event');
      expect(parsed.feesStatus).toBe('INVOICED');
    }
  });

  it('answers every problem code with a strict problem document', async () => {
    const { key: readOnly } = await h.tenantWithKey(
      { name: 'contract-ro', patents: 30 },
      { scopes: ['patents:read'] },
    );
    const { key: limited } = await h.tenantWithKey(
      { name: 'contract-quota', patents: 30 },
      { dailyLimit: 1 },
    );
    const { key: expired } = await h.tenantWithKey(
      { name: 'contract-expired', patents: 30 },
      { expiresAt: '2020-01-01T00:00:00.000Z' },
    );
    const { key: noFreeze } = await h.tenantWithKey({
      name: 'contract-nofreeze',
      patents: 30,
      freezeEnabled: false,
    });
    const demo = h.demo();
    const decided = eventsWhere(demo, (event) => event.appliedDecision !== null)[0];
    const tooEarly = eventsWhere(
      demo,
      (event) => event.opensAt > '2026-03-10' && event.patent.events[0] === event,
    )[0];
    const lapsed = eventsWhere(
      demo,
      (event) =>
        event.appliedDecision === null &&
        (event.gracePeriodEndDate ?? '') < '2026-03-10' &&
        event.patent.events.find((candidate) => candidate.appliedDecision === null) === event,
    )[0];
    const pending = eventsWhere(
      demo,
      (event) =>
        event.appliedDecision === null &&
        event.opensAt <= '2026-03-10' &&
        event.patent.events.find((candidate) => candidate.appliedDecision === null) !== event,
    )[0];
    const instruct = (eventId: string | undefined, decision = 'SKIP_THIS_TIME') =>
      json('/patent-instructions', { method: 'POST', body: { instructions: [{ eventId, decision }] } });

    await h.call('/patents', { key: limited });
    const answers = {
      validation_failed: await json('/patents?sort=title'),
      invalid_api_key: await json('/patents', { key: null }),
      api_key_expired: await json('/patents', { key: expired }),
      insufficient_scope: await json('/invoices', { key: readOnly }),
      forbidden: await json('/exchange-rate-freezes/2026-04', { method: 'PUT', key: noFreeze }),
      not_found: await json('/patents/00000000-0000-4000-8000-000000000000'),
      instruction_already_set: await instruct(decided?.id),
      instruction_too_early: await instruct(tooEarly?.id),
      instruction_skipped: await instruct(pending?.id),
      instruction_lapsed: await instruct(lapsed?.id, 'PROCEED'),
      rate_limit_exceeded: await json('/patents', { key: limited }),
    };
    for (const code of PROBLEM_CODES) {
      const answer = answers[code];
      const problem = expectStrict(strict.problem, answer.body, code);
      expect(problem.code).toBe(code);
      expect(answer.status).toBe(problem.status);
    }
  });
});
