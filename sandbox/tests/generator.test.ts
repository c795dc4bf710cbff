import { describe, expect, it } from 'vitest';
import { DUE_PERIODS, PROCESSING_STATUSES } from '../../lib/annuity/enums';
import { patentView } from '../api/views';
import { addDays, addMonths, fromDayNumber, isIsoDate, toDayNumber } from '../domain/calendar';
import { duePeriodOf } from '../domain/due-period';
import { instructabilityOf } from '../domain/instructability';
import type { TenantConfig } from '../domain/model';
import { annuitySchedule, officeRule } from '../domain/offices';
import { GENERATOR_VERSION, generateTenant } from '../generator/generate-tenant';
import { IdFactory } from '../generator/ids';

const ANCHOR = '2026-03-10';

function config(overrides: Partial<TenantConfig> = {}): TenantConfig {
  return {
    id: '5d0e7c41-2f6a-4b8e-a1c9-7e3d2b1f0a22',
    name: 'generated',
    portfolio: 'european',
    currency: 'EUR',
    invoiceCurrencyByOffice: { US: 'USD', JP: 'JPY' },
    seed: 20_240_501,
    patentCount: 2000,
    anchorDate: ANCHOR,
    freezeEnabled: true,
    freezeHorizonMonths: 3,
    vatRate: 0.2,
    vatNumber: 'EU123456789',
    generatorVersion: GENERATOR_VERSION,
    createdAt: `${ANCHOR}T09:00:00.000Z`,
    ...overrides,
  };
}

const snapshot = (tenant: ReturnType<typeof generateTenant>) =>
  JSON.stringify({
    patents: tenant.patents.map((patent) => ({
      ...patentView(patent),
      events: patent.events.map(({ patent: _patent, instruction, invoiceLine, ...event }) => ({
        ...event,
        instruction: instruction?.id ?? null,
        invoice: invoiceLine?.invoice.id ?? null,
        total: invoiceLine?.total ?? null,
      })),
    })),
    invoices: tenant.invoices.map(({ lines, ...invoice }) => ({ ...invoice, lines: lines.length })),
  });

describe('the portfolio generator', () => {
  const tenant = generateTenant(config());

  it('is deterministic for (seed, count, anchor, tenant id)', () => {
    expect(snapshot(generateTenant(config()))).toBe(snapshot(tenant));
    expect(snapshot(generateTenant(config({ seed: 7 })))).not.toBe(snapshot(tenant));
    // Another tenant with the same seed has the same portfolio under different ids.
    const twin = generateTenant(config({ id: '9b8a7c6d-5e4f-4321-b0a9-8c7d6e5f4a33' }));
    expect(twin.patents.map((patent) => patent.clientCaseReference)).toEqual(
      tenant.patents.map((patent) => patent.clientCaseReference),
    );
    const ids = new Set(tenant.patents.map((patent) => patent.id));
    expect(twin.patents.some((patent) => ids.has(patent.id))).toBe(false);
  });

  it('lays the portfolio out around the anchor, across at least 12 offices with real schedules', () => {
    const offices = new Set(tenant.patents.map((patent) => patent.office));
    for (const office of ['EP', 'US', 'JP', 'DE', 'FR', 'GB', 'CN', 'KR', 'CH', 'IT', 'ES', 'NL'])
      expect(offices).toContain(office);
    const dueMonths = new Set([...tenant.eventsById.values()].map((event) => event.dueMonth));
    for (let offset = -12; offset <= 12; offset++)
      expect(dueMonths).toContain(addMonths(ANCHOR, offset).slice(0, 7));
    const us = tenant.patents.find((patent) => patent.office === 'US' && patent.events.length > 0);
    expect(
      us?.events.every(
        (event) => event.paymentSequenceNumber !== null && event.paymentSequenceNumber !== event.annuityYear,
      ),
    ).toBe(true);
    expect(us?.events.map((event) => event.annuityYear).every((year) => [4, 8, 12].includes(year))).toBe(
      true,
    );
    const ep = tenant.patents.find((patent) => patent.office === 'EP' && patent.events.length > 0);
    for (const event of ep?.events ?? []) {
      expect(event.dueDate).toBe(addDays(addMonths(`${event.dueDate.slice(0, 7)}-01`, 1), -1));
      expect(event.paymentSequenceNumber).toBeNull();
    }
  });

  it('gives a tenant every state the dashboard shows', () => {
    const reasons = new Set<string>();
    const periods = new Set<string>();
    const statuses = new Set<string>();
    for (const event of tenant.eventsById.values()) {
      const rules = instructabilityOf(event, ANCHOR);
      reasons.add(
        rules.blockedReason ??
          (rules.allowedDecisions.includes('PROCEED') ? 'ALLOWED' : 'ALLOWED_WITHOUT_PROCEED'),
      );
      periods.add(duePeriodOf(event, ANCHOR));
      statuses.add(event.processingStatus);
    }
    expect(reasons).toEqual(
      new Set([
        'ALLOWED',
        'ALLOWED_WITHOUT_PROCEED',
        'ALREADY_INSTRUCTED',
        'TOO_EARLY',
        'EARLIER_EVENT_PENDING',
      ]),
    );
    // Every due period and processing status the spec lists (spec: Patent event, States and transitions).
    expect(periods).toEqual(new Set(DUE_PERIODS));
    expect(statuses).toEqual(new Set(PROCESSING_STATUSES));
    const decisions = new Set([...tenant.eventsById.values()].map((event) => event.appliedDecision));
    expect(decisions).toEqual(new Set([null, 'PROCEED', 'SKIP_THIS_TIME', 'DROP']));
    expect([...tenant.eventsById.values()].some((event) => event.officialReceipt !== null)).toBe(true);
    expect(tenant.patents.some((patent) => patent.status === 'LAPSED' && patent.lapseDate !== null)).toBe(
      true,
    );
    expect(new Set(tenant.invoices.map((invoice) => invoice.origin))).toEqual(
      new Set(['GENERATED', 'IMPORTED', 'REGULARIZATION']),
    );
    expect([...tenant.eventsById.values()].some((event) => event.dueMonth === ANCHOR.slice(0, 7))).toBe(true);
    // Patents with several undecided events (the chain rule is visible).
    expect(
      tenant.patents.some(
        (patent) => patent.events.filter((event) => event.appliedDecision === null).length >= 3,
      ),
    ).toBe(true);
  });

  it('leaves optional fields null where real data has no value, and keeps the chain rule in history', () => {
    const views = tenant.patents.map(patentView);
    for (const field of [
      'providerId',
      'clientCaseReference',
      'title',
      'grantDate',
      'pctApplicationNumber',
      'nationalPhaseEntryDate',
      'extendedExpirationDate',
      'renewalsManagedFrom',
      'claimCount',
      'designatedCountries',
      'secondaryOwners',
      'subCase',
      'applicantType',
      'priorityDate',
    ] as const) {
      expect(
        views.some((view) => view[field] === null),
        field,
      ).toBe(true);
      expect(
        views.some((view) => view[field] !== null),
        field,
      ).toBe(true);
    }
    for (const patent of tenant.patents) {
      const firstUndecided = patent.events.findIndex((event) => event.appliedDecision === null);
      if (firstUndecided >= 0)
        expect(patent.events.slice(firstUndecided).every((event) => event.appliedDecision === null)).toBe(
          true,
        );
    }
    const providerIds = tenant.patents.map((patent) => patent.providerId).filter((id) => id !== null);
    expect(new Set(providerIds).size).toBe(providerIds.length);
  });

  it('makes unique UUIDs from (kind, sequence)', () => {
    const factory = new IdFactory('namespace');
    const ids = new Set<string>();
    for (let sequence = 0; sequence < 20_000; sequence++) {
      for (const kind of ['patent', 'event', 'invoice', 'other'] as const)
        ids.add(factory.id(kind, sequence));
    }
    expect(ids.size).toBe(80_000);
    for (const id of [...ids].slice(0, 100))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new IdFactory('namespace').id('event', 42)).toBe(factory.id('event', 42));
  });
});

describe('calendar and schedules', () => {
  it('converts days both ways over four centuries', () => {
    for (let day = toDayNumber('1900-01-01'); day < toDayNumber('2300-01-01'); day += 37) {
      const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
      expect(fromDayNumber(day)).toBe(iso);
      expect(toDayNumber(iso)).toBe(day);
    }
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });

  it('schedules annuities per office rule', () => {
    const patent = { applicationDate: '2015-05-12', grantDate: '2019-08-20', expirationDate: '2035-05-12' };
    const ep = annuitySchedule(officeRule('EP'), { ...patent, grantDate: null });
    expect(ep[0]).toMatchObject({ annuityYear: 3, dueDate: '2017-05-31', gracePeriodEndDate: '2017-11-30' });
    const de = annuitySchedule(officeRule('DE'), patent);
    expect((de[0]?.dueDate ?? '') > patent.grantDate).toBe(true);
    const us = annuitySchedule(officeRule('US'), patent);
    expect(
      us.map((annuity) => [annuity.annuityYear, annuity.paymentSequenceNumber, annuity.dueDate]),
    ).toEqual([
      [4, 1, '2023-02-20'],
      [8, 2, '2027-02-20'],
      [12, 3, '2031-02-20'],
    ]);
    const jp = annuitySchedule(officeRule('JP'), patent);
    expect(jp[0]).toMatchObject({ annuityYear: 4, paymentSequenceNumber: 1, dueDate: '2022-08-20' });
    expect(annuitySchedule(officeRule('US'), { ...patent, grantDate: null })).toEqual([]);
  });
});
