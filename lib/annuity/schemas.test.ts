import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as f from './fixtures';
import { InstructionRequestSchema, PROBLEM_CODES, strict, tolerant } from './schemas';

type Mode = 'strict' | 'tolerant';
type Schemas = typeof tolerant;
type Pick = (s: Schemas) => z.ZodType;

// The strict set has the same keys; typed as one so a table can pick from either.
const schemasOf = (mode: Mode) => (mode === 'strict' ? strict : tolerant) as unknown as Schemas;

function omit<T extends object>(value: T, ...keys: string[]): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as T;
}

/** One line per issue: `path|code|message|keys`, to assert why a parse failed. */
function issuesOf(result: { success: boolean; error?: z.ZodError }): string[] {
  return (result.error?.issues ?? []).map((issue) => {
    const keys = 'keys' in issue ? (issue.keys as string[]).join(',') : '';
    return `${issue.path.join('.')}|${issue.code}|${issue.message}|${keys}`;
  });
}

function expectIssue(result: { success: boolean; error?: z.ZodError }, fragment: string) {
  expect(result.success).toBe(false);
  expect(issuesOf(result).some((line) => line.includes(fragment))).toBe(true);
}

const pages = {
  patents: (s: Schemas) => s.page(s.patent),
  events: (s: Schemas) => s.page(s.patentEvent),
  invoices: (s: Schemas) => s.page(s.invoice),
};

const FIXTURES: [string, Pick, () => unknown][] = [
  ['full patent', (s) => s.patent, () => f.patentFixture()],
  ['RENEWAL patentEvent', (s) => s.patentEvent, () => f.patentEventFixture()],
  ['renewal', (s) => s.renewal, () => f.renewalFixture()],
  ['instructability', (s) => s.instructability, () => f.instructabilityFixture()],
  ['fees ESTIMATED EUR', (s) => s.fees, () => f.feesFixture()],
  ['fees INVOICED EUR', (s) => s.fees, () => f.invoicedFeesFixture()],
  ['fees ESTIMATED JPY', (s) => s.fees, () => f.jpyFeesFixture()],
  ['fees INVOICED JPY', (s) => s.fees, () => f.jpyInvoicedFeesFixture()],
  ['invoice GENERATED', (s) => s.invoice, () => f.invoiceFixture()],
  ['invoice IMPORTED', (s) => s.invoice, () => f.importedInvoiceFixture()],
  ['invoice REGULARIZATION', (s) => s.invoice, () => f.regularizationInvoiceFixture()],
  ['instruction', (s) => s.instruction, () => f.instructionFixture()],
  ['instructionReceipt', (s) => s.instructionReceipt, () => f.instructionReceiptFixture()],
  ['frozenRateEvent', (s) => s.frozenRateEvent, () => f.frozenRateEventFixture()],
  ['exchangeRateFreeze', (s) => s.exchangeRateFreeze, () => f.exchangeRateFreezeFixture()],
  ['freeze list item', (s) => s.exchangeRateFreezeSummary, () => f.exchangeRateFreezeSummaryFixture()],
  ['pagination', (s) => s.pagination, () => f.pageFixture([]).pagination],
  [
    'page of patents',
    pages.patents,
    () => f.pageFixture([f.patentFixture()], { currentPage: 2, itemsPerPage: 1, totalItems: 3 }),
  ],
  ['last page of events', pages.events, () => f.pageFixture([f.patentEventFixture()], { itemsPerPage: 100 })],
  ['empty page', pages.invoices, () => f.pageFixture([])],
  ...f
    .allProblemFixtures()
    .map(({ code, body }): [string, Pick, () => unknown] => [
      `problem ${code}`,
      (s) => s.problem,
      () => body,
    ]),
];

describe('fixtures', () => {
  it.each(
    FIXTURES.flatMap(([name, pick, build]) =>
      (['strict', 'tolerant'] as const).map((mode) => [name, mode, pick, build] as const),
    ),
  )('%s passes %s', (_name, mode, pick, build) => {
    const input = build();
    const result = pick(schemasOf(mode)).safeParse(input);
    expect(issuesOf(result)).toEqual([]);
    // Neither reading changes a payload that is exactly the contract.
    expect(result.data).toEqual(input);
  });

  it('cover every code of the error table, each with its own status', () => {
    const problems = f.allProblemFixtures();
    expect(problems.map((p) => p.code)).toEqual([...PROBLEM_CODES]);
    expect(problems.map((p) => [p.body.code, p.body.status])).toEqual([
      ['validation_failed', 400],
      ['invalid_api_key', 401],
      ['api_key_expired', 401],
      ['insufficient_scope', 403],
      ['forbidden', 403],
      ['not_found', 404],
      ['instruction_already_set', 409],
      ['instruction_too_early', 422],
      ['instruction_skipped', 422],
      ['instruction_lapsed', 422],
      ['rate_limit_exceeded', 429],
    ]);
    expect(f.problemFixture('instruction_already_set').type).toBe('/errors/instruction-already-set');
  });

  it('are fresh objects, and overrides replace fields', () => {
    const a = f.patentEventFixture();
    a.instructability?.allowedDecisions.push('DROP');
    expect(f.patentEventFixture().instructability?.allowedDecisions).toEqual([
      'PROCEED',
      'SKIP_THIS_TIME',
      'DROP',
    ]);
    expect(f.patentEventFixture({ duePeriod: 'LATE' }).duePeriod).toBe('LATE');
    expect(f.pageFixture([1, 2], { itemsPerPage: 2, totalItems: 5 }).pagination).toEqual({
      totalItems: 5,
      currentPage: 1,
      itemsPerPage: 2,
      totalPages: 3,
      hasMore: true,
    });
  });
});

describe('strict: contract variants that are valid', () => {
  it.each<[string, Pick, () => unknown]>([
    [
      'a blocked event (TOO_EARLY)',
      (s) => s.patentEvent,
      () =>
        f.patentEventFixture({
          instructability: f.instructabilityFixture({
            isAllowed: false,
            allowedDecisions: [],
            blockedReason: 'TOO_EARLY',
          }),
        }),
    ],
    [
      'a LAPSED event offering SKIP_THIS_TIME and DROP',
      (s) => s.patentEvent,
      () =>
        f.patentEventFixture({
          duePeriod: 'LAPSED',
          instructability: f.instructabilityFixture({ allowedDecisions: ['SKIP_THIS_TIME', 'DROP'] }),
        }),
    ],
    [
      'a due date in February (opensAt in December of the year before)',
      (s) => s.patentEvent,
      () =>
        f.patentEventFixture({
          dueDate: '2028-02-29',
          instructability: f.instructabilityFixture({ opensAt: '2027-12-01' }),
        }),
    ],
    [
      'paymentSequenceNumber that differs from annuityYear',
      (s) => s.patentEvent,
      () => f.patentEventFixture({ renewal: f.renewalFixture({ annuityYear: 8, paymentSequenceNumber: 7 }) }),
    ],
    [
      'an event without fees (period list without include=fees)',
      (s) => s.patentEvent,
      () => omit(f.patentEventFixture(), 'fees'),
    ],
    ['fees with a null total', (s) => s.fees, () => f.feesFixture({ total: null })],
    [
      'fees with a GRACE_PERIOD surcharge',
      (s) => s.fees,
      () =>
        f.feesFixture({
          total: '1334.50',
          components: [
            ...f.feesFixture().components,
            f.feeComponentFixture({ type: 'GRACE_PERIOD', amount: '100.00' }),
          ],
        }),
    ],
    [
      'KWD fees with 3 decimals',
      (s) => s.fees,
      () =>
        f.feesFixture({
          currency: 'KWD',
          total: '12.345',
          components: [f.feeComponentFixture({ amount: '12.345' })],
        }),
    ],
    [
      'a negative REGULARIZATION credit',
      (s) => s.invoice,
      () =>
        f.regularizationInvoiceFixture({
          subtotalExcludingTax: '-150.00',
          totalIncludingTax: '-161.55',
          fees: [
            f.invoicedFeesFixture({
              invoiceId: f.fixtureIds.invoiceRegularization,
              currency: 'CHF',
              total: '-150.00',
              components: [f.feeComponentFixture({ type: 'GRACE_PERIOD', amount: '-150.00' })],
            }),
          ],
        }),
    ],
    [
      'an instruction_skipped without a case reference',
      (s) => s.problem,
      () => f.problemFixture('instruction_skipped', { clientCaseReference: null }),
    ],
    ['an uppercase UUID', (s) => s.patent, () => f.patentFixture({ id: f.fixtureIds.patent.toUpperCase() })],
    ['a leap day', (s) => s.patent, () => f.patentFixture({ grantDate: '2024-02-29' })],
  ])('%s', (_name, pick, build) => {
    const input = build();
    expect(issuesOf(pick(strict as unknown as Schemas).safeParse(input))).toEqual([]);
    expect(pick(tolerant).safeParse(input).success).toBe(true);
  });
});

describe('additive changes (spec: Versioning 2-3)', () => {
  const event = f.patentEventFixture;
  const cases: [string, Pick, () => unknown, (data: never) => void, string][] = [
    [
      'a new field on a patent',
      (s) => s.patent,
      () => ({ ...f.patentFixture(), unitaryEffect: true }),
      (data: Record<string, unknown>) => {
        expect(data).not.toHaveProperty('unitaryEffect');
        expect(data.id).toBe(f.fixtureIds.patent);
      },
      '|unrecognized_keys|',
    ],
    [
      'new fields nested in an event',
      (s) => s.patentEvent,
      () => ({
        ...event(),
        renewal: { ...f.renewalFixture(), officialFeeCode: 'R08' },
        instructability: { ...f.instructabilityFixture(), closesAt: '2027-06-15' },
        fees: { ...f.feesFixture(), discount: '0.00' },
      }),
      (data: { renewal: object; instructability: object }) => {
        expect(data.renewal).toEqual(f.renewalFixture());
        expect(data.instructability).toEqual(f.instructabilityFixture());
      },
      'renewal|unrecognized_keys',
    ],
    [
      'a new field in a problem body',
      (s) => s.problem,
      () => ({ ...f.problemFixture('forbidden'), supportUrl: 'https://example.test/support' }),
      (data: { code: string }) => expect(data.code).toBe('forbidden'),
      '|unrecognized_keys|',
    ],
    [
      'a new eventType (and its renewal null)',
      (s) => s.patentEvent,
      () => ({ ...event(), eventType: 'VALIDATION', renewal: null }),
      (data: { eventType: string }) => expect(data.eventType).toBe('VALIDATION'),
      'eventType|invalid_value',
    ],
    [
      'a new fee component type',
      (s) => s.fees,
      () => ({
        ...f.feesFixture(),
        total: '1284.50',
        components: [...f.feesFixture().components, { type: 'TRANSLATION', amount: '50.00' }],
      }),
      (data: { components: { type: string }[] }) =>
        expect(data.components.map((c) => c.type)).toEqual(['OFFICE', 'AGENT', 'SERVICE', 'TRANSLATION']),
      'components.3.type|invalid_value',
    ],
    [
      'a new instructability.mode',
      (s) => s.patentEvent,
      () => ({ ...event(), instructability: { ...f.instructabilityFixture(), mode: 'SCHEDULED' } }),
      (data: { instructability: { mode: string } }) => expect(data.instructability.mode).toBe('SCHEDULED'),
      'instructability.mode|invalid_value',
    ],
    [
      'a new duePeriod and processingStatus',
      (s) => s.patentEvent,
      () => ({ ...event(), duePeriod: 'PRE_DUE', processingStatus: 'ON_HOLD' }),
      (data: { duePeriod: string; processingStatus: string }) => {
        expect(data.duePeriod).toBe('PRE_DUE');
        expect(data.processingStatus).toBe('ON_HOLD');
      },
      'duePeriod|invalid_value',
    ],
    [
      'a new blockedReason and decision',
      (s) => s.instructability,
      () =>
        f.instructabilityFixture({
          isAllowed: false,
          allowedDecisions: ['DEFER'] as never,
          blockedReason: 'UNDER_REVIEW',
        }),
      (data: { blockedReason: string; allowedDecisions: string[] }) => {
        expect(data.blockedReason).toBe('UNDER_REVIEW');
        expect(data.allowedDecisions).toEqual(['DEFER']);
      },
      'blockedReason|invalid_value',
    ],
    [
      'a new patent status, type, route and applicant type',
      (s) => s.patent,
      () => ({
        ...f.patentFixture(),
        status: 'OPPOSED',
        patentType: 'SUPPLEMENTARY',
        filingRoute: 'UNITARY',
        applicantType: 'NONPROFIT',
      }),
      (data: Record<string, unknown>) =>
        expect([data.status, data.patentType, data.filingRoute, data.applicantType]).toEqual([
          'OPPOSED',
          'SUPPLEMENTARY',
          'UNITARY',
          'NONPROFIT',
        ]),
      'status|invalid_value',
    ],
    [
      'a new invoice origin and feesStatus',
      (s) => s.invoice,
      () => ({
        ...f.invoiceFixture(),
        origin: 'CREDIT_NOTE',
        fees: [{ ...f.invoicedFeesFixture(), feesStatus: 'REBILLED' }],
      }),
      (data: { origin: string; fees: { feesStatus: string }[] }) => {
        expect(data.origin).toBe('CREDIT_NOTE');
        expect(data.fees[0]?.feesStatus).toBe('REBILLED');
      },
      'origin|invalid_value',
    ],
    [
      'a new instruction status',
      (s) => s.instructionReceipt,
      () => ({
        ...f.instructionReceiptFixture(),
        instructions: [{ ...f.instructionFixture(), status: 'SCHEDULED', executedAt: null }],
      }),
      (data: { instructions: { status: string }[] }) =>
        expect(data.instructions[0]?.status).toBe('SCHEDULED'),
      'instructions.0.status|invalid_value',
    ],
    [
      'a new problem code',
      (s) => s.problem,
      () => ({
        ...f.problemFixture('forbidden'),
        code: 'account_suspended',
        type: '/errors/account-suspended',
      }),
      (data: { code: string }) => expect(data.code).toBe('account_suspended'),
      'code|invalid_value',
    ],
    [
      'invoice number as a JSON number',
      (s) => s.invoice,
      () => ({ ...f.invoiceFixture(), number: 2026000123 }),
      (data: { number: string }) => expect(data.number).toBe('2026000123'),
      'number|invalid_type',
    ],
    [
      'an event without instructability',
      (s) => s.patentEvent,
      () => omit(event(), 'instructability'),
      (data: object) => expect(data).not.toHaveProperty('instructability'),
      'instructability|custom',
    ],
    [
      'an event without fees nor instructability',
      (s) => s.patentEvent,
      () => omit(event(), 'fees', 'instructability'),
      (data: object) => {
        expect(data).not.toHaveProperty('fees');
        expect(data).not.toHaveProperty('instructability');
      },
      'instructability|custom',
    ],
    [
      'omitted nullable fields on a patent',
      (s) => s.patent,
      () => omit(f.patentFixture(), 'title', 'lapseDate', 'claimCount', 'secondaryOwners'),
      (data: Record<string, unknown>) =>
        expect([data.title, data.lapseDate, data.claimCount, data.secondaryOwners]).toEqual([
          null,
          null,
          null,
          null,
        ]),
      'title|invalid_type',
    ],
    [
      'omitted nullable fields on an event, its renewal and fees',
      (s) => s.patentEvent,
      () => ({
        ...omit(event(), 'gracePeriodEndDate', 'appliedDecision'),
        renewal: omit(f.renewalFixture(), 'paymentSequenceNumber'),
        fees: omit(f.feesFixture(), 'invoiceId', 'patent'),
      }),
      (data: { gracePeriodEndDate: null; renewal: object; fees: { invoiceId: null; patent: null } }) => {
        expect(data.gracePeriodEndDate).toBeNull();
        expect(data.renewal).toEqual({ annuityYear: 8, paymentSequenceNumber: null });
        expect([data.fees.invoiceId, data.fees.patent]).toEqual([null, null]);
      },
      'gracePeriodEndDate|invalid_type',
    ],
    [
      'omitted nullable fields on an invoice',
      (s) => s.invoice,
      () => omit(f.importedInvoiceFixture(), 'number', 'vatRate', 'issueDate'),
      (data: Record<string, unknown>) =>
        expect([data.number, data.vatRate, data.issueDate]).toEqual([null, null, null]),
      'number|invalid_type',
    ],
  ];

  it.each(cases)('%s: tolerant reads it', (_name, pick, build, check) => {
    const result = pick(tolerant).safeParse(build());
    expect(issuesOf(result)).toEqual([]);
    check(result.data as never);
  });

  it.each(cases)('%s: strict refuses it', (_name, pick, build, _check, fragment) => {
    expectIssue(pick(strict as unknown as Schemas).safeParse(build()), fragment);
  });

  it('tolerant reads a whole page whose items carry additive changes', () => {
    const page = f.pageFixture([
      { ...f.patentEventFixture(), eventType: 'OPPOSITION_FEE', renewal: null, isNew: true },
      omit(f.patentEventFixture(), 'fees'),
    ]);
    const result = tolerant.page(tolerant.patentEvent).safeParse(page);
    expect(result.success).toBe(true);
    expect(result.data?.data.map((e) => e.eventType)).toEqual(['OPPOSITION_FEE', 'RENEWAL']);
  });
});

describe('strict: format and consistency rules', () => {
  const eventWith = (patch: Partial<ReturnType<typeof f.patentEventFixture>>) => f.patentEventFixture(patch);
  const problem = f.problemFixture;
  // [rule, schema, payload, fragment of the expected strict issue]; the tolerant reading accepts each.
  it.each<[string, Pick, () => unknown, string]>([
    [
      'date without zero padding',
      (s) => s.patent,
      () => f.patentFixture({ applicationDate: '2019-3-14' }),
      'applicationDate|',
    ],
    [
      'date in another format',
      (s) => s.patent,
      () => f.patentFixture({ grantDate: '01/06/2022' }),
      'grantDate|',
    ],
    [
      'date that is not a calendar day',
      (s) => s.patent,
      () => f.patentFixture({ grantDate: '2022-02-30' }),
      'grantDate|',
    ],
    [
      '29 February of a common year',
      (s) => s.patent,
      () => f.patentFixture({ grantDate: '2023-02-29' }),
      'grantDate|',
    ],
    [
      'date given as a timestamp',
      (s) => s.patentEvent,
      () => eventWith({ dueDate: '2026-12-15T00:00:00.000Z' }),
      'dueDate|',
    ],
    [
      'timestamp without milliseconds',
      (s) => s.patent,
      () => f.patentFixture({ createdAt: '2024-01-10T09:30:00Z' }),
      'createdAt|',
    ],
    [
      'timestamp with 2-digit milliseconds',
      (s) => s.patent,
      () => f.patentFixture({ createdAt: '2024-01-10T09:30:00.12Z' }),
      'createdAt|',
    ],
    [
      'timestamp with an offset',
      (s) => s.patent,
      () => f.patentFixture({ updatedAt: '2024-01-10T09:30:00.000+01:00' }),
      'updatedAt|',
    ],
    [
      'timestamp without zone',
      (s) => s.patent,
      () => f.patentFixture({ updatedAt: '2024-01-10T09:30:00.000' }),
      'updatedAt|',
    ],
    [
      'timestamp with a space',
      (s) => s.patent,
      () => f.patentFixture({ updatedAt: '2024-01-10 09:30:00.000Z' }),
      'updatedAt|',
    ],
    [
      'timestamp at hour 24',
      (s) => s.patent,
      () => f.patentFixture({ updatedAt: '2024-01-10T24:30:00.000Z' }),
      'updatedAt|',
    ],
    [
      'timestamp in month 13',
      (s) => s.patent,
      () => f.patentFixture({ updatedAt: '2024-13-10T09:30:00.000Z' }),
      'updatedAt|',
    ],
    [
      'date as an event timestamp',
      (s) => s.patentEvent,
      () => eventWith({ processingStatusUpdatedAt: '2026-10-02' }),
      'processingStatusUpdatedAt|',
    ],
    [
      'executedAt as a date',
      (s) => s.instruction,
      () => f.instructionFixture({ executedAt: '2026-10-02' }),
      'executedAt|',
    ],
    [
      'scheduledForExecutionAt as a timestamp',
      (s) => s.instruction,
      () => f.instructionFixture({ scheduledForExecutionAt: '2026-10-02T00:00:00.000Z' }),
      'scheduledForExecutionAt|',
    ],
    [
      'opensAt as a timestamp',
      (s) => s.instructability,
      () => f.instructabilityFixture({ opensAt: '2026-10-01T00:00:00.000Z' }),
      'opensAt|',
    ],
    ['patent id not a UUID', (s) => s.patent, () => f.patentFixture({ id: 'PAT-42' }), 'id|'],
    [
      'UUID without hyphens',
      (s) => s.patent,
      () => f.patentFixture({ id: f.fixtureIds.patent.replaceAll('-', '') }),
      'id|',
    ],
    [
      'event patent.id not a UUID',
      (s) => s.patentEvent,
      () => eventWith({ patent: { id: '42', providerId: null } }),
      'patent.id|',
    ],
    [
      'fees invoiceId not a UUID',
      (s) => s.fees,
      () => f.invoicedFeesFixture({ invoiceId: 'INV-1' }),
      'invoiceId|',
    ],
    [
      'yearMonth with month 13',
      (s) => s.exchangeRateFreeze,
      () => f.exchangeRateFreezeFixture({ yearMonth: '2026-13' }),
      'yearMonth|',
    ],
    [
      'yearMonth as a date',
      (s) => s.exchangeRateFreezeSummary,
      () => f.exchangeRateFreezeSummaryFixture({ yearMonth: '2026-12-01' }),
      'yearMonth|',
    ],
    [
      'yearMonth without padding',
      (s) => s.exchangeRateFreezeSummary,
      () => f.exchangeRateFreezeSummaryFixture({ yearMonth: '2026-1' }),
      'yearMonth|',
    ],
    ['lowercase currency', (s) => s.fees, () => f.feesFixture({ currency: 'eur' }), 'currency|'],
    [
      'EUR total "1234.5"',
      (s) => s.fees,
      () => f.feesFixture({ total: '1234.5' }),
      '|1234.5 is not scaled for EUR',
    ],
    [
      'EUR component "870"',
      (s) => s.fees,
      () =>
        f.feesFixture({
          components: [...f.feesFixture().components.slice(1), { type: 'OFFICE', amount: '870' }],
        }),
      '|870 is not scaled for EUR',
    ],
    [
      'JPY total "184300.00"',
      (s) => s.fees,
      () => f.jpyFeesFixture({ total: '184300.00' }),
      '|184300.00 is not scaled for JPY',
    ],
    [
      'EUR invoice subtotal "1234.5"',
      (s) => s.invoice,
      () => f.invoiceFixture({ subtotalExcludingTax: '1234.5' }),
      '|1234.5 is not scaled for EUR',
    ],
    [
      'JPY invoice total "202730.0"',
      (s) => s.invoice,
      () => f.importedInvoiceFixture({ totalIncludingTax: '202730.0' }),
      '|202730.0 is not scaled for JPY',
    ],
    [
      'EUR frozen amount "12.5"',
      (s) => s.frozenRateEvent,
      () => f.frozenRateEventFixture({ amount: '12.5' }),
      '|12.5 is not scaled for EUR',
    ],
    [
      'JPY frozen amount "1200.00"',
      (s) => s.frozenRateEvent,
      () => f.frozenRateEventFixture({ currency: 'JPY', amount: '1200.00' }),
      '|1200.00 is not scaled for JPY',
    ],
    [
      'components not summing to total',
      (s) => s.fees,
      () => f.feesFixture({ total: '1234.51' }),
      'components|custom|components do not sum to total',
    ],
    [
      'a component type twice',
      (s) => s.fees,
      () =>
        f.feesFixture({
          total: '1474.50',
          components: [...f.feesFixture().components, { type: 'AGENT', amount: '240.00' }],
        }),
      'a component type appears twice',
    ],
    [
      'INVOICED without invoiceId',
      (s) => s.fees,
      () => f.feesFixture({ feesStatus: 'INVOICED' }),
      'invoiceId|custom',
    ],
    [
      'ESTIMATED with an invoiceId',
      (s) => s.fees,
      () => f.feesFixture({ invoiceId: f.fixtureIds.invoice }),
      'invoiceId|custom',
    ],
    [
      'nullable field omitted',
      (s) => s.patent,
      () => omit(f.patentFixture(), 'subCase'),
      'subCase|invalid_type',
    ],
    [
      'nullable fees total omitted',
      (s) => s.fees,
      () => omit(f.feesFixture(), 'total'),
      'total|invalid_type',
    ],
    [
      'renewal null on a RENEWAL event',
      (s) => s.patentEvent,
      () => eventWith({ renewal: null }),
      'renewal|custom',
    ],
    [
      'renewal omitted on a RENEWAL event',
      (s) => s.patentEvent,
      () => omit(f.patentEventFixture(), 'renewal'),
      'renewal|',
    ],
    [
      'paymentSequenceNumber equal to annuityYear',
      (s) => s.patentEvent,
      () => eventWith({ renewal: f.renewalFixture({ annuityYear: 8, paymentSequenceNumber: 8 }) }),
      'renewal.paymentSequenceNumber|custom',
    ],
    [
      'allowed with no decision',
      (s) => s.instructability,
      () => f.instructabilityFixture({ allowedDecisions: [] }),
      'allowedDecisions is empty exactly when not allowed',
    ],
    [
      'blocked with decisions',
      (s) => s.instructability,
      () => f.instructabilityFixture({ isAllowed: false, blockedReason: 'TOO_EARLY' }),
      'allowedDecisions is empty exactly when not allowed',
    ],
    [
      'allowed with a blockedReason',
      (s) => s.instructability,
      () => f.instructabilityFixture({ blockedReason: 'TOO_EARLY' }),
      'blockedReason is null exactly when allowed',
    ],
    [
      'opensAt not two months before the due month',
      (s) => s.patentEvent,
      () => eventWith({ instructability: f.instructabilityFixture({ opensAt: '2026-11-01' }) }),
      'instructability.opensAt|custom',
    ],
    [
      'PROCEED offered on a LAPSED event',
      (s) => s.patentEvent,
      () => eventWith({ duePeriod: 'LAPSED' }),
      'instructability.allowedDecisions|custom',
    ],
    [
      'executedAt null on an EXECUTED instruction',
      (s) => s.instruction,
      () => f.instructionFixture({ executedAt: null }),
      'executedAt|custom',
    ],
    [
      'designated countries on a patent instruction',
      (s) => s.instruction,
      () => f.instructionFixture({ renewedDesignatedCountries: ['DE'] }),
      'designated-country lists are null',
    ],
    [
      'IMPORTED invoice with a number',
      (s) => s.invoice,
      () => f.importedInvoiceFixture({ number: '42' }),
      'number|custom',
    ],
    [
      'invoice line in another currency',
      (s) => s.invoice,
      () => f.invoiceFixture({ fees: [f.jpyInvoicedFeesFixture()] }),
      'fees.0.currency|custom',
    ],
    [
      'wrong object constant',
      (s) => s.patent,
      () => f.patentFixture({ object: 'Patent' as never }),
      'object|invalid_value',
    ],
    [
      'problem type with underscores',
      (s) => s.problem,
      () => problem('not_found', { type: '/errors/not_found' }),
      'type|custom',
    ],
    [
      'problem type as an absolute URL',
      (s) => s.problem,
      () => problem('not_found', { type: 'https://api.example/errors/not-found' }),
      'type|custom',
    ],
    [
      'problem type of another code',
      (s) => s.problem,
      () => problem('forbidden', { type: '/errors/not-found' }),
      'type|custom',
    ],
    [
      'problem status not the code’s',
      (s) => s.problem,
      () => problem('not_found', { status: 400 }),
      'status|custom',
    ],
    [
      'problem without requestId',
      (s) => s.problem,
      () => omit(problem('not_found'), 'requestId'),
      'requestId|',
    ],
    [
      'insufficient_scope without requiredScope',
      (s) => s.problem,
      () => omit(problem('insufficient_scope'), 'requiredScope'),
      'requiredScope|custom',
    ],
    [
      'requiredScope on another code',
      (s) => s.problem,
      () => problem('forbidden', { requiredScope: 'patents:read' }),
      'requiredScope|custom',
    ],
    [
      'requiredScope not a scope',
      (s) => s.problem,
      () => problem('insufficient_scope', { requiredScope: 'admin' as never }),
      'requiredScope|invalid_value',
    ],
    [
      'validation_failed without errors',
      (s) => s.problem,
      () => omit(problem('validation_failed'), 'errors'),
      'errors|custom',
    ],
    [
      'errors on another code',
      (s) => s.problem,
      () => problem('not_found', { errors: [{ pointer: '/sort', detail: 'x' }] }),
      'errors|custom',
    ],
    [
      'an error pointer without leading slash',
      (s) => s.problem,
      () => problem('validation_failed', { errors: [{ pointer: 'sort', detail: 'x' }] }),
      'errors.0.pointer|',
    ],
    [
      'an error pointer with a bad ~ escape',
      (s) => s.problem,
      () => problem('validation_failed', { errors: [{ pointer: '/a~2b', detail: 'x' }] }),
      'errors.0.pointer|',
    ],
    [
      'instruction_skipped without its extensions',
      (s) => s.problem,
      () => omit(problem('instruction_skipped'), 'clientCaseReference', 'missingPreviousRenewalDates'),
      'missingPreviousRenewalDates|custom',
    ],
    [
      'instruction_skipped with a bad date',
      (s) => s.problem,
      () => problem('instruction_skipped', { missingPreviousRenewalDates: ['15.12.2025'] }),
      'missingPreviousRenewalDates.0|',
    ],
    [
      'skipped extensions on another code',
      (s) => s.problem,
      () => problem('instruction_too_early', { clientCaseReference: 'X' }),
      'clientCaseReference|custom',
    ],
    [
      'hasMore on the last page',
      (s) => s.page(s.patent),
      () => f.pageFixture([f.patentFixture()], { hasMore: true }),
      'pagination.hasMore|custom',
    ],
    [
      'hasMore false before the last page',
      (s) => s.page(s.patent),
      () => f.pageFixture([f.patentFixture()], { itemsPerPage: 1, totalItems: 2, hasMore: false }),
      'pagination.hasMore|custom',
    ],
    [
      'itemsPerPage over the cap of 100',
      (s) => s.pagination,
      () => f.pageFixture([], { itemsPerPage: 250 }).pagination,
      'itemsPerPage|too_big',
    ],
    [
      'more items than itemsPerPage',
      (s) => s.page(s.patent),
      () =>
        f.pageFixture([f.patentFixture(), f.patentFixture()], {
          itemsPerPage: 1,
          totalItems: 2,
          totalPages: 1,
        }),
      'data|custom',
    ],
  ])('%s', (_rule, pick, build, fragment) => {
    const input = build();
    expectIssue(pick(strict as unknown as Schemas).safeParse(input), fragment);
    expect(issuesOf(pick(tolerant).safeParse(input))).toEqual([]);
  });

  it.each<[string, Pick, () => unknown]>([
    ['a money amount that is not a decimal', (s) => s.fees, () => f.feesFixture({ total: 'EUR 1234.50' })],
    [
      'a component amount that is not a decimal',
      (s) => s.fees,
      () => f.feesFixture({ components: [{ type: 'OFFICE', amount: '1,234.50' }] }),
    ],
    [
      'money as a JSON number',
      (s) => s.frozenRateEvent,
      () => f.frozenRateEventFixture({ amount: 1234.5 as never }),
    ],
    ['a non-integer claimCount', (s) => s.patent, () => f.patentFixture({ claimCount: 1.5 })],
    ['a missing required field', (s) => s.patentEvent, () => omit(f.patentEventFixture(), 'dueDate')],
    [
      'a boolean as a string',
      (s) => s.patentEvent,
      () => f.patentEventFixture({ isFxRateFrozen: 'false' as never }),
    ],
    [
      'a null component',
      (s) => s.fees,
      () => f.feesFixture({ components: [...f.feesFixture().components, null as never] }),
    ],
    ['fees null instead of absent', (s) => s.patentEvent, () => eventWith({ fees: null as never })],
    [
      'receipt number as a string',
      (s) => s.instructionReceipt,
      () => f.instructionReceiptFixture({ number: '45' as never }),
    ],
  ])('both readings refuse %s (and strict reports it, not throws)', (_name, pick, build) => {
    for (const mode of ['strict', 'tolerant'] as const) {
      const parse = () => pick(schemasOf(mode)).safeParse(build());
      expect(parse).not.toThrow();
      expect(parse().success).toBe(false);
    }
  });
});

describe('InstructionRequestSchema', () => {
  it('accepts a batch', () => {
    const body = f.instructionRequestFixture();
    expect(InstructionRequestSchema.parse(body)).toEqual(body);
  });

  const item = { eventId: f.fixtureIds.event, decision: 'PROCEED' };
  it.each<[string, unknown]>([
    ['null', null],
    ['a bare array', [item]],
    ['no instructions', {}],
    ['an empty batch', { instructions: [] }],
    ['instructions not an array', { instructions: item }],
    ['an eventId that is not a UUID', { instructions: [{ ...item, eventId: 'E-1' }] }],
    ['a missing eventId', { instructions: [{ decision: 'DROP' }] }],
    ['a missing decision', { instructions: [{ eventId: item.eventId }] }],
    ['a lowercase decision', { instructions: [{ ...item, decision: 'proceed' }] }],
    ['an unknown decision', { instructions: [{ ...item, decision: 'DEFER' }] }],
    ['an extra field on an instruction', { instructions: [{ ...item, note: 'x' }] }],
    ['an extra top-level field', { instructions: [item], clientId: 'acme' }],
  ])('refuses %s', (_name, body) => {
    expect(InstructionRequestSchema.safeParse(body).success).toBe(false);
  });
});
