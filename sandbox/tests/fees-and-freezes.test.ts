import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { scale } from '../../lib/annuity/money';
import { strict } from '../../lib/annuity/schemas';
import { SERVICE_FEE } from '../domain/fees';
import { crossRate, DEFAULT_RATES } from '../domain/fx';
import type { EventRecord } from '../domain/model';
import type { TenantState } from '../domain/tenant-state';
import { expectStrict, firstEventWhere, serviceForSuite, TEST_TODAY } from './harness';

interface FeesBody {
  invoiceId: string | null;
  currency: string;
  total: string;
  components: { type: string; amount: string }[];
  feesStatus: string;
  isFxRateFrozen: boolean;
}

const undecidedFirst = (event: EventRecord) =>
  event.appliedDecision === null &&
  event.patent.events.find((candidate) => candidate.appliedDecision === null) === event;

describe('fee estimates (spec: Fees)', () => {
  const h = serviceForSuite({ demo: false });
  let tenant: TenantState;
  let key: string;
  beforeAll(async () => {
    ({ tenant, key } = await h.tenantWithKey({ name: 'fees', patents: 800, seed: 31 }));
  });

  const fees = async (event: EventRecord) => {
    const response = await h.call(`/patents/${event.patent.id}/events/${event.id}/fees`, { key });
    expect(response.status).toBe(200);
    return expectStrict(strict.fees, await response.json()) as FeesBody;
  };
  const amountOf = (body: FeesBody, type: string) =>
    body.components.find((component) => component.type === type)?.amount;

  it('prices from the fee schedule and the current rates, converting and rounding each component', async () => {
    const gb = firstEventWhere(
      tenant,
      (event) => event.patent.office === 'GB' && event.dueDate > TEST_TODAY && event.appliedDecision === null,
    );
    const body = await fees(gb);
    const rate = crossRate(DEFAULT_RATES, 'GBP', 'EUR');
    expect(body).toMatchObject({
      invoiceId: null,
      currency: 'EUR',
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
    });
    expect(amountOf(body, 'OFFICE')).toBe(scale(new Big(gb.officeFee).times(rate), 'EUR'));
    expect(amountOf(body, 'AGENT')).toBe(scale(new Big(gb.agentFee ?? '0').times(rate), 'EUR'));
    expect(amountOf(body, 'SERVICE')).toBe(SERVICE_FEE.amount);
    expect(amountOf(body, 'GRACE_PERIOD')).toBeUndefined();
    const sum = body.components.reduce((total, component) => total.plus(component.amount), new Big(0));
    expect(sum.toFixed(2)).toBe(body.total);

    // JPY: zero decimals, the service fee converted from EUR.
    const jp = firstEventWhere(
      tenant,
      (event) => event.patent.office === 'JP' && event.appliedDecision === null,
    );
    const jpFees = await fees(jp);
    expect(jpFees.currency).toBe('JPY');
    expect(amountOf(jpFees, 'OFFICE')).toBe(jp.officeFee);
    expect(amountOf(jpFees, 'SERVICE')).toBe(
      scale(new Big(SERVICE_FEE.amount).times(DEFAULT_RATES.JPY ?? '0'), 'JPY'),
    );
    for (const component of jpFees.components) expect(component.amount).toMatch(/^\d+$/);
  });

  it('adds GRACE_PERIOD only while payment would fall inside the grace period', async () => {
    const inGrace = firstEventWhere(
      tenant,
      (event) =>
        undecidedFirst(event) && event.dueDate < TEST_TODAY && (event.gracePeriodEndDate ?? '') >= TEST_TODAY,
    );
    expect((await fees(inGrace)).components.map((component) => component.type)).toContain('GRACE_PERIOD');
    const lapsed = firstEventWhere(
      tenant,
      (event) => undecidedFirst(event) && (event.gracePeriodEndDate ?? '') < TEST_TODAY,
    );
    expect((await fees(lapsed)).components.map((component) => component.type)).not.toContain('GRACE_PERIOD');
  });

  it('moves estimates with the rates without touching updatedAt; invoiced fees stay', async () => {
    const gb = firstEventWhere(
      tenant,
      (event) => event.patent.office === 'GB' && event.appliedDecision === null && event.dueMonth > '2026-09',
    );
    const invoiced = firstEventWhere(
      tenant,
      (event) =>
        event.invoiceLine !== null && event.invoiceCurrency === 'EUR' && event.patent.office !== 'EP',
    );
    const eventOf = async (event: EventRecord) =>
      (await (await h.call(`/patents/${event.patent.id}/events/${event.id}`, { key })).json()) as {
        updatedAt: string;
        fees: FeesBody;
      };
    const before = await eventOf(gb);
    const invoicedBefore = await fees(invoiced);
    await h.operator.setFxRates({ rates: { GBP: '0.4270' } });
    const after = await eventOf(gb);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(
      new Big(amountOf(after.fees, 'OFFICE') ?? '0').div(amountOf(before.fees, 'OFFICE') ?? '1').toFixed(2),
    ).toBe('2.00');
    expect(amountOf(after.fees, 'SERVICE')).toBe(amountOf(before.fees, 'SERVICE'));
    expect(await fees(invoiced)).toEqual(invoicedBefore);
    await h.operator.setFxRates({ multiplyAllBy: '1.25' });
    const moved = await eventOf(gb);
    expect(
      new Big(amountOf(after.fees, 'OFFICE') ?? '0').div(amountOf(moved.fees, 'OFFICE') ?? '1').toFixed(2),
    ).toBe('1.25');
    await h.operator.setFxRates({ rates: { ...DEFAULT_RATES } });
  });

  it('rejects malformed rate moves in the operator API', async () => {
    for (const change of [
      { rates: { GBP: '-1' } },
      { rates: { XXX: '1' } },
      { multiplyAllBy: 'two' },
      { rates: { EUR: '2' } },
    ]) {
      await expect(h.operator.setFxRates(change as never)).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe('exchange-rate freezes (spec: Endpoints 13 to 15)', () => {
  const h = serviceForSuite({ demo: false });
  let tenant: TenantState;
  let key: string;
  beforeAll(async () => {
    ({ tenant, key } = await h.tenantWithKey({
      name: 'freezes',
      patents: 800,
      seed: 32,
      freezeHorizonMonths: 3,
    }));
  });

  const month = async (yearMonth: string, method = 'GET') => {
    const response = await h.call(`/exchange-rate-freezes/${yearMonth}`, { key, method });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const estimate = async (event: EventRecord) =>
    (await (await h.call(`/patents/${event.patent.id}/events/${event.id}/fees`, { key })).json()) as FeesBody;

  it('reads a month before it is frozen: its events with potential fees in the event currency', async () => {
    const { status, body } = await month('2026-05');
    expect(status).toBe(200);
    const freeze = expectStrict(strict.exchangeRateFreeze, body);
    const expected = [...tenant.eventsById.values()].filter((event) => event.dueMonth === '2026-05');
    expect(freeze.events).toHaveLength(expected.length);
    expect(freeze.events.every((event) => !event.isFxRateFrozen)).toBe(true);
    const first = expected.sort((a, b) =>
      a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.patent.ordinal - b.patent.ordinal,
    )[0];
    expect(freeze.events[0]).toMatchObject({
      clientCaseReference: first?.patent.clientCaseReference,
      dueDate: first?.dueDate,
      currency: first?.officeCurrency,
      hasInstruction: first?.appliedDecision !== null,
    });
    const offices = new Set(freeze.events.map((event) => event.currency));
    expect(offices.size).toBeGreaterThan(3);
    expect((await (await h.call('/exchange-rate-freezes', { key })).json()) as unknown[]).toEqual([]);
  });

  it('freezes a month: estimates pin their rates and report isFxRateFrozen; other months still move', async () => {
    const frozenEvent = firstEventWhere(
      tenant,
      (event) =>
        event.dueMonth === '2026-05' && event.officeCurrency === 'GBP' && event.appliedDecision === null,
    );
    const freeEvent = firstEventWhere(
      tenant,
      (event) =>
        event.dueMonth === '2026-06' && event.officeCurrency === 'GBP' && event.appliedDecision === null,
    );
    const put = await month('2026-05', 'PUT');
    expect(put.status).toBe(200);
    const freeze = expectStrict(strict.exchangeRateFreeze, put.body);
    expect(freeze.events.every((event) => event.isFxRateFrozen)).toBe(true);
    expect((await (await h.call('/exchange-rate-freezes', { key })).json()) as unknown).toEqual([
      { object: 'exchangeRateFreeze', yearMonth: '2026-05' },
    ]);
    const frozenBefore = await estimate(frozenEvent);
    const freeBefore = await estimate(freeEvent);
    expect(frozenBefore.isFxRateFrozen).toBe(true);
    expect(freeBefore.isFxRateFrozen).toBe(false);
    const eventView = (await (
      await h.call(`/patents/${frozenEvent.patent.id}/events/${frozenEvent.id}`, { key })
    ).json()) as { isFxRateFrozen: boolean };
    expect(eventView.isFxRateFrozen).toBe(true);

    await h.operator.setFxRates({ multiplyAllBy: '1.5' });
    expect(await estimate(frozenEvent)).toEqual(frozenBefore);
    expect((await estimate(freeEvent)).total).not.toBe(freeBefore.total);

    // Repeating the PUT never re-captures: still the rates of the first freeze.
    const again = await month('2026-05', 'PUT');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(put.body);
    expect(await estimate(frozenEvent)).toEqual(frozenBefore);

    // A decision in a frozen month is billed at the frozen rates.
    const instructable = firstEventWhere(
      tenant,
      (event) =>
        event.dueMonth === '2026-05' &&
        event.invoiceCurrency === 'EUR' &&
        event.officeCurrency !== 'EUR' &&
        undecidedFirst(event) &&
        event.opensAt <= TEST_TODAY,
    );
    const quoted = await estimate(instructable);
    const posted = await h.postInstructions([{ eventId: instructable.id, decision: 'PROCEED' }], key);
    expect(posted.status).toBe(201);
    const billed = await estimate(instructable);
    expect(billed).toMatchObject({
      feesStatus: 'INVOICED',
      isFxRateFrozen: true,
      total: quoted.total,
      components: quoted.components,
    });
    const monthAfter = expectStrict(strict.exchangeRateFreeze, (await month('2026-05')).body);
    expect(monthAfter.events.some((event) => event.hasInstruction)).toBe(true);
    await h.operator.setFxRates({ rates: { ...DEFAULT_RATES } });
  });

  it('guards the month: past 400, beyond the horizon 400, malformed 400; current and last allowed', async () => {
    for (const [yearMonth, guard] of [
      ['2026-02', 'past'],
      ['2025-12', 'past'],
      ['2026-07', 'horizon'],
      ['2030-01', 'horizon'],
    ] as const) {
      const response = await h.call(`/exchange-rate-freezes/${yearMonth}`, { key, method: 'PUT' });
      expect(response.status, yearMonth).toBe(400);
      const problem = expectStrict(strict.problem, await response.json());
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors?.[0]?.pointer).toBe('/yearMonth');
      expect(problem.detail.toLowerCase()).toContain(guard);
    }
    for (const malformed of ['2026-13', '202604', 'next']) {
      const response = await h.call(`/exchange-rate-freezes/${malformed}`, { key, method: 'PUT' });
      expect(response.status).toBe(400);
      expect((await h.call(`/exchange-rate-freezes/${malformed}`, { key })).status).toBe(400);
    }
    expect((await month('2026-03', 'PUT')).status).toBe(200);
    expect((await month('2026-06', 'PUT')).status).toBe(200);
    // A past month can still be read.
    expect((await month('2025-12')).status).toBe(200);
  });

  it('answers 403 forbidden when freezing is not enabled for the account', async () => {
    const { key: disabled } = await h.tenantWithKey({ name: 'no-freeze', patents: 50, freezeEnabled: false });
    const response = await h.call('/exchange-rate-freezes/2026-04', { key: disabled, method: 'PUT' });
    expect(response.status).toBe(403);
    const problem = expectStrict(strict.problem, await response.json());
    expect(problem.code).toBe('forbidden');
    expect(problem.requiredScope).toBeUndefined();
    expect((await h.call('/exchange-rate-freezes', { key: disabled })).status).toBe(200);
  });

  it('keeps the rates of pairs it already holds when the freeze is captured again', async () => {
    const before = { ...tenant.freezes.get('2026-05')?.rates };
    await h.operator.setFxRates({ multiplyAllBy: '3' });
    await month('2026-05', 'PUT');
    expect(tenant.freezes.get('2026-05')?.rates).toEqual(before);
    expect(before['GBP/EUR']).toBe(crossRate(DEFAULT_RATES, 'GBP', 'EUR'));
    await h.operator.setFxRates({ rates: { ...DEFAULT_RATES } });
  });
});
