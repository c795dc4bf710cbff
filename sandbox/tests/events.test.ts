import { describe, expect, it } from 'vitest';
import { strict } from '../../lib/annuity/schemas';
import { addMonths } from '../domain/calendar';
import { duePeriodOf } from '../domain/due-period';
import { opensAtFor } from '../domain/instructability';
import {
  eventsWhere,
  expectStrict,
  firstEventWhere,
  problemOf,
  serviceForSuite,
  TEST_TODAY,
} from './harness';

interface EventBody {
  id: string;
  patent: { id: string; providerId: string | null };
  dueDate: string;
  gracePeriodEndDate: string | null;
  duePeriod: string;
  appliedDecision: string | null;
  fees?: { feesStatus: string; total: string; currency: string };
  instructability: {
    isAllowed: boolean;
    allowedDecisions: string[];
    blockedReason: string | null;
    opensAt: string;
    mode: string;
  };
}
interface EventPage {
  pagination: { totalItems: number; totalPages: number; hasMore: boolean; itemsPerPage: number };
  data: EventBody[];
}

describe('events by due period (spec: Endpoints 9)', () => {
  const h = serviceForSuite();

  const list = async (query: string) => {
    const response = await h.call(`/patent-events?${query}`);
    expect(response.status, query).toBe(200);
    return expectStrict(strict.page(strict.patentEvent), await response.json()) as unknown as EventPage;
  };
  const every = async (query: string) => {
    const events: EventBody[] = [];
    for (let page = 1; ; page++) {
      const body = await list(`${query}&itemsPerPage=100&currentPage=${page}`);
      events.push(...body.data);
      if (!body.pagination.hasMore) return events;
    }
  };

  it('requires a window: dueMonth, or both dueFrom and dueTo', async () => {
    for (const [query, pointers] of [
      ['', ['/dueMonth']],
      ['dueFrom=2026-03-01', ['/dueTo']],
      ['dueTo=2026-03-31', ['/dueFrom']],
      ['dueMonth=2026-13', ['/dueMonth']],
      ['dueMonth=2026-3', ['/dueMonth']],
      ['dueFrom=2026-02-30&dueTo=2026-03-31', ['/dueFrom']],
      ['dueFrom=2026-04-01&dueTo=2026-03-31', ['/dueTo']],
      ['itemsPerPage=5', ['/dueMonth']],
    ] as const) {
      const response = await h.call(`/patent-events?${query}`);
      expect(response.status, query).toBe(400);
      const problem = await problemOf(response);
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors?.map((error) => error.pointer)).toEqual(pointers);
    }
  });

  it('treats dueMonth as the whole month, and lets it win over dueFrom/dueTo', async () => {
    const month = await every('dueMonth=2026-04');
    const inApril = await every('dueFrom=2026-04-01&dueTo=2026-04-30');
    expect(inApril.map((event) => event.id)).toEqual(month.map((event) => event.id));
    const both = await every('dueMonth=2026-04&dueFrom=2020-01-01&dueTo=2030-12-31');
    expect(both.map((event) => event.id)).toEqual(month.map((event) => event.id));
    // A dueMonth that wins but is malformed is still a 400.
    expect((await h.call('/patent-events?dueMonth=April&dueFrom=2026-04-01&dueTo=2026-04-30')).status).toBe(
      400,
    );
    expect(month.length).toBeGreaterThan(50);
    for (const event of month) expect(event.dueDate.startsWith('2026-04')).toBe(true);
    const expected = eventsWhere(h.demo(), (event) => event.dueMonth === '2026-04').map((event) => event.id);
    expect(month.map((event) => event.id)).toEqual(expected);
  });

  it('includes both ends of a dueFrom/dueTo window and orders by due date', async () => {
    const events = await every('dueFrom=2026-03-31&dueTo=2026-04-30');
    const dates = events.map((event) => event.dueDate);
    expect(dates[0]).toBe('2026-03-31');
    expect(dates[dates.length - 1]).toBe('2026-04-30');
    expect(dates).toEqual([...dates].sort());
  });

  it('adds fees only with include=fees; unknown include values are ignored', async () => {
    const plain = await list('dueMonth=2026-03');
    for (const event of plain.data) expect('fees' in event).toBe(false);
    for (const include of [
      'include=fees',
      'include=foo,fees',
      'include=foo&include=fees',
      'include=fees,fees',
    ]) {
      const body = await list(`dueMonth=2026-03&${include}`);
      for (const event of body.data)
        expect(event.fees?.feesStatus, include).toMatch(/^(ESTIMATED|INVOICED)$/);
    }
    const unknownOnly = await list('dueMonth=2026-03&include=documents');
    for (const event of unknownOnly.data) expect('fees' in event).toBe(false);
    for (const event of [...plain.data, ...unknownOnly.data])
      expect(event.instructability.mode).toBe('DIRECT');
  });

  it('filters by repeatable offices, owners, family and eventTypes (joined to patents)', async () => {
    const tenant = h.demo();
    const range = 'dueFrom=2025-01-01&dueTo=2027-12-31';
    const all = await every(range);
    const officeOf = (event: EventBody) => tenant.patentsById.get(event.patent.id)?.office;
    const usJp = await every(`${range}&offices=US&offices=jp`);
    expect(usJp.length).toBe(all.filter((event) => ['US', 'JP'].includes(officeOf(event) ?? '')).length);
    expect(new Set(usJp.map(officeOf))).toEqual(new Set(['US', 'JP']));

    const [ownerA, ownerB] = [
      ...new Set(tenant.patents.map((patent) => patent.owner).filter(Boolean)),
    ] as string[];
    const byOwner = await every(
      `${range}&owners=${encodeURIComponent(ownerA ?? '')}&owners=${encodeURIComponent(ownerB ?? '')}`,
    );
    expect(byOwner.length).toBeGreaterThan(0);
    for (const event of byOwner)
      expect([ownerA, ownerB]).toContain(tenant.patentsById.get(event.patent.id)?.owner);
    expect(byOwner.length).toBe(
      all.filter((event) => [ownerA, ownerB].includes(tenant.patentsById.get(event.patent.id)?.owner ?? ''))
        .length,
    );

    const family = tenant.patents.find(
      (patent) => patent.clientFamilyReference && patent.events.length > 2,
    )?.clientFamilyReference;
    const byFamily = await every(`${range}&family=${family}`);
    expect(byFamily.length).toBeGreaterThan(2);
    for (const event of byFamily)
      expect(tenant.patentsById.get(event.patent.id)?.clientFamilyReference).toBe(family);

    const combined = await every(`${range}&family=${family}&offices=${officeOf(byFamily[0] as EventBody)}`);
    expect(combined.length).toBeLessThanOrEqual(byFamily.length);
    expect(combined.every((event) => officeOf(event) === officeOf(byFamily[0] as EventBody))).toBe(true);

    expect((await every(`${range}&eventTypes=RENEWAL`)).length).toBe(all.length);
    expect((await list(`${range}&eventTypes=OPPOSITION_FEE`)).pagination.totalItems).toBe(0);
    expect((await list(`${range}&owners=Nobody%20Ltd`)).pagination.totalItems).toBe(0);

    const bad = await h.call(`/patent-events?${range}&offices=EP&offices=EPO`);
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).errors?.map((error) => error.pointer)).toEqual(['/offices/1']);
  });

  it('paginates the period list with the same envelope rules', async () => {
    const first = await list('dueMonth=2026-05&itemsPerPage=500');
    expect(first.pagination.itemsPerPage).toBe(100);
    const small = await list('dueMonth=2026-05');
    expect(small.data).toHaveLength(10);
    expect(small.pagination.totalItems).toBe(first.pagination.totalItems);
  });
});

describe('events of one patent and instructability (spec: Endpoints 3 and 4, Instruction rules)', () => {
  const h = serviceForSuite();

  it('lists a patent events as a bare array, past and future, with fees and instructability', async () => {
    const patent = h
      .demo()
      .patents.find(
        (candidate) =>
          candidate.events.some((event) => event.dueDate < TEST_TODAY) &&
          candidate.events.some((event) => event.dueDate > '2027-01-01'),
      );
    if (!patent) throw new Error('no patent with past and future events');
    const response = await h.call(`/patents/${patent.id}/events`);
    const body = expectStrict(strict.patentEvent.array(), await response.json());
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((event) => event.id)).toEqual(patent.events.map((event) => event.id));
    for (const event of body) {
      expect(event.fees).toBeDefined();
      expect(event.instructability).toBeDefined();
      expect(event.patent.id).toBe(patent.id);
    }
    const single = await h.call(`/patents/${patent.id}/events/${patent.events[0]?.id}`);
    expect(expectStrict(strict.patentEvent, await single.json()).id).toBe(patent.events[0]?.id);
    // An event of another patent of the same tenant is not under this patent.
    const other = h.demo().patents.find((candidate) => candidate !== patent && candidate.events.length > 0);
    expect((await h.call(`/patents/${patent.id}/events/${other?.events[0]?.id}`)).status).toBe(404);
    expect((await h.call(`/patents/${patent.id}/events/nope`)).status).toBe(400);
  });

  it('computes opensAt as the first day of the month two months before the due month', () => {
    expect(opensAtFor('2026-03-31')).toBe('2026-01-01');
    expect(opensAtFor('2026-01-15')).toBe('2025-11-01');
    expect(opensAtFor('2026-02-28')).toBe('2025-12-01');
  });

  it('shows every blocked reason and the allowed decisions the rules give', async () => {
    const tenant = h.demo();
    const view = async (eventId: string) => {
      const event = tenant.eventsById.get(eventId);
      const response = await h.call(`/patents/${event?.patent.id}/events/${eventId}`);
      return (await response.json()) as EventBody;
    };
    const earliest = (event: { patent: { events: { appliedDecision: string | null }[] } }) =>
      event.patent.events.find((candidate) => candidate.appliedDecision === null);

    const decided = await view(firstEventWhere(tenant, (event) => event.appliedDecision !== null).id);
    expect(decided.instructability).toMatchObject({
      isAllowed: false,
      allowedDecisions: [],
      blockedReason: 'ALREADY_INSTRUCTED',
    });

    const future = firstEventWhere(
      tenant,
      (event) => event.opensAt > TEST_TODAY && event.appliedDecision === null,
    );
    const tooEarly = await view(future.id);
    expect(tooEarly.instructability).toMatchObject({
      isAllowed: false,
      blockedReason: 'TOO_EARLY',
      opensAt: future.opensAt,
    });
    expect(tooEarly.duePeriod).toBe('UPCOMING');

    const blocked = firstEventWhere(
      tenant,
      (event) => event.appliedDecision === null && event.opensAt <= TEST_TODAY && earliest(event) !== event,
    );
    expect((await view(blocked.id)).instructability).toMatchObject({
      isAllowed: false,
      blockedReason: 'EARLIER_EVENT_PENDING',
    });

    const open = firstEventWhere(
      tenant,
      (event) => earliest(event) === event && event.opensAt <= TEST_TODAY && event.dueDate >= TEST_TODAY,
    );
    expect((await view(open.id)).instructability).toEqual({
      isAllowed: true,
      allowedDecisions: ['PROCEED', 'SKIP_THIS_TIME', 'DROP'],
      blockedReason: null,
      opensAt: open.opensAt,
      mode: 'DIRECT',
    });

    const lapsed = firstEventWhere(
      tenant,
      (event) => earliest(event) === event && (event.gracePeriodEndDate ?? '9999') < TEST_TODAY,
    );
    const lapsedView = await view(lapsed.id);
    expect(lapsedView.duePeriod).toBe('LAPSED');
    expect(lapsedView.instructability).toMatchObject({
      isAllowed: true,
      allowedDecisions: ['SKIP_THIS_TIME', 'DROP'],
    });

    const grace = firstEventWhere(
      tenant,
      (event) =>
        earliest(event) === event &&
        event.dueDate < TEST_TODAY &&
        (event.gracePeriodEndDate ?? '') >= TEST_TODAY,
    );
    const graceView = await view(grace.id);
    expect(graceView.duePeriod).toBe('GRACE_PERIOD');
    expect(graceView.instructability.allowedDecisions).toContain('PROCEED');
  });

  it('computes duePeriod from the calendar (UPCOMING, CURRENT, LATE, GRACE_PERIOD, LAPSED)', () => {
    const event = { dueDate: '2026-06-30', gracePeriodEndDate: '2026-12-30', opensAt: '2026-04-01' };
    expect(duePeriodOf(event, '2026-03-31')).toBe('UPCOMING');
    expect(duePeriodOf(event, '2026-04-01')).toBe('CURRENT');
    expect(duePeriodOf(event, addMonths('2026-06-30', -1))).toBe('CURRENT');
    expect(duePeriodOf(event, '2026-06-01')).toBe('LATE');
    expect(duePeriodOf(event, '2026-06-30')).toBe('LATE');
    expect(duePeriodOf(event, '2026-07-01')).toBe('GRACE_PERIOD');
    expect(duePeriodOf(event, '2026-12-30')).toBe('GRACE_PERIOD');
    expect(duePeriodOf(event, '2026-12-31')).toBe('LAPSED');
    expect(duePeriodOf({ ...event, gracePeriodEndDate: null }, '2026-07-01')).toBe('LAPSED');
  });

  it('recomputes duePeriod and instructability when the service clock moves', async () => {
    const tenant = h.demo();
    const future = firstEventWhere(
      tenant,
      (event) =>
        event.opensAt > TEST_TODAY &&
        event.patent.events.find((candidate) => candidate.appliedDecision === null) === event,
    );
    const read = async () =>
      (await (await h.call(`/patents/${future.patent.id}/events/${future.id}`)).json()) as EventBody;
    expect((await read()).instructability.blockedReason).toBe('TOO_EARLY');
    await h.operator.setToday(future.opensAt);
    const opened = await read();
    expect(opened.instructability.isAllowed).toBe(true);
    expect(opened.duePeriod).toBe('CURRENT');
    await h.operator.setToday(
      future.gracePeriodEndDate ? addMonths(future.gracePeriodEndDate, 1) : '2099-01-01',
    );
    const lapsed = await read();
    expect(lapsed.duePeriod).toBe('LAPSED');
    expect(lapsed.instructability.allowedDecisions).toEqual(['SKIP_THIS_TIME', 'DROP']);
    await h.operator.setToday(TEST_TODAY);
  });
});
