import type { z } from 'zod';
import { type InstructionRequest, PROBLEM_CODES, PROBLEM_STATUS, type Strict, type strict } from './schemas';

/**
 * Payloads written from the spec's tables (annuity-api-v2.md, Resources and their fields, Errors),
 * valid under the STRICT schemas, for any test suite of the project (client, stand-in service,
 * route handlers, pages). Each builder returns a fresh object, so a test may mutate what it gets;
 * `overrides` replace top-level fields (nested parts have their own builders).
 * Test data only: no module of the running app imports this file.
 */

type Overrides<T> = Partial<T>;
export type StrictRenewal = z.input<typeof strict.renewal>;
export type StrictInstructability = z.input<typeof strict.instructability>;
export type StrictFeeComponent = z.input<typeof strict.feeComponent>;
export type StrictPagination = z.input<typeof strict.pagination>;
export type StrictExchangeRateFreezeSummary = z.input<typeof strict.exchangeRateFreezeSummary>;
export type KnownProblemCode = (typeof PROBLEM_CODES)[number];
export interface PageFixture<T> {
  pagination: StrictPagination;
  data: T[];
}

export const fixtureIds = {
  patent: '3f1c2a9e-5b7d-4e21-9c3a-0d8e6f4b2a11',
  patentJp: '5d0e7c41-2f6a-4b8e-a1c9-7e3d2b1f0a22',
  event: '7a2b4c6d-8e9f-4a1b-8c2d-3e4f5a6b7c8d',
  eventJp: '9b8a7c6d-5e4f-4321-b0a9-8c7d6e5f4a33',
  invoice: 'c0ffee00-1234-4abc-8def-0123456789ab',
  invoiceImported: 'd1e2f3a4-b5c6-4d7e-9f80-91a2b3c4d5e6',
  invoiceRegularization: 'e6d5c4b3-a291-4f80-8e7d-6c5b4a3f2e1d',
  instruction: '1b2c3d4e-5f60-4718-a9b0-c1d2e3f4a5b6',
  instructionSkip: '2c3d4e5f-6071-4829-b0c1-d2e3f4a5b6c7',
} as const;

export const FIXTURE_REQUEST_ID = '8f14e45f-ceea-467f-a0b6-0f9c2f3c6d1e';

export function patentFixture(overrides: Overrides<Strict.Patent> = {}): Strict.Patent {
  return {
    object: 'patent',
    id: fixtureIds.patent,
    providerId: 'ACME-0042',
    clientCaseReference: 'P-2019-017 EP',
    clientFamilyReference: 'FAM-017',
    title: 'Heat exchanger with helical baffles',
    office: 'EP',
    patentType: 'PATENT',
    applicationNumber: '19 712 345.6',
    applicationDate: '2019-03-14',
    nationalPhaseEntryDate: '2020-09-14',
    priorityDate: '2018-03-15',
    publicationNumber: 'EP3600001A1',
    publicationDate: '2019-09-25',
    grantPublicationNumber: 'EP3600001B1',
    grantDate: '2022-06-01',
    pctApplicationNumber: 'PCT/US2019/022345',
    expirationDate: '2039-03-14',
    extendedExpirationDate: '2041-03-14',
    lapseDate: null,
    renewalsManagedFrom: '2020-01-01',
    status: 'GRANTED',
    filingRoute: 'PCT',
    applicantType: 'LARGE',
    claimCount: 15,
    designatedCountries: ['DE', 'FR', 'GB'],
    owner: 'Acme Thermal GmbH',
    secondaryOwners: ['Acme Holding SA'],
    subCase: '01',
    createdAt: '2024-01-10T09:30:00.000Z',
    updatedAt: '2026-05-02T14:05:27.123Z',
    ...overrides,
  };
}

export function renewalFixture(overrides: Overrides<StrictRenewal> = {}): StrictRenewal {
  return { annuityYear: 8, paymentSequenceNumber: null, ...overrides };
}

/** Allowed now (spec: instructability). For a blocked event override isAllowed, allowedDecisions and blockedReason together. */
export function instructabilityFixture(
  overrides: Overrides<StrictInstructability> = {},
): StrictInstructability {
  return {
    isAllowed: true,
    allowedDecisions: ['PROCEED', 'SKIP_THIS_TIME', 'DROP'],
    blockedReason: null,
    // spec: Instruction rules — the first day of the month two months before the due month (2026-12).
    opensAt: '2026-10-01',
    mode: 'DIRECT',
    ...overrides,
  };
}

export function feeComponentFixture(overrides: Overrides<StrictFeeComponent> = {}): StrictFeeComponent {
  return { type: 'OFFICE', amount: '870.00', ...overrides };
}

/** An ESTIMATED EUR estimate of the fixture event: no invoice yet (spec: Fees). */
export function feesFixture(overrides: Overrides<Strict.Fees> = {}): Strict.Fees {
  return {
    object: 'fees',
    invoiceId: null,
    eventId: fixtureIds.event,
    patent: { id: fixtureIds.patent, providerId: 'ACME-0042' },
    currency: 'EUR',
    total: '1234.50',
    components: [
      feeComponentFixture({ type: 'OFFICE', amount: '870.00' }),
      feeComponentFixture({ type: 'AGENT', amount: '240.00' }),
      feeComponentFixture({ type: 'SERVICE', amount: '124.50' }),
    ],
    feesStatus: 'ESTIMATED',
    isFxRateFrozen: false,
    ...overrides,
  };
}

/** The same EUR fees once billed: INVOICED with invoiceId set (spec: Other state sets, feesStatus). */
export function invoicedFeesFixture(overrides: Overrides<Strict.Fees> = {}): Strict.Fees {
  return feesFixture({ invoiceId: fixtureIds.invoice, feesStatus: 'INVOICED', ...overrides });
}

/** A JPY estimate: amounts with no decimals (spec: Conventions, ISO 4217). */
export function jpyFeesFixture(overrides: Overrides<Strict.Fees> = {}): Strict.Fees {
  return feesFixture({
    eventId: fixtureIds.eventJp,
    patent: { id: fixtureIds.patentJp, providerId: null },
    currency: 'JPY',
    total: '184300',
    components: [
      feeComponentFixture({ type: 'OFFICE', amount: '150300' }),
      feeComponentFixture({ type: 'AGENT', amount: '22000' }),
      feeComponentFixture({ type: 'SERVICE', amount: '12000' }),
    ],
    isFxRateFrozen: true,
    ...overrides,
  });
}

export function jpyInvoicedFeesFixture(overrides: Overrides<Strict.Fees> = {}): Strict.Fees {
  return jpyFeesFixture({ invoiceId: fixtureIds.invoiceImported, feesStatus: 'INVOICED', ...overrides });
}

/** A RENEWAL event with renewal, instructability and estimated fees (spec: Patent event). */
export function patentEventFixture(overrides: Overrides<Strict.PatentEvent> = {}): Strict.PatentEvent {
  return {
    object: 'patentEvent',
    id: fixtureIds.event,
    patent: { id: fixtureIds.patent, providerId: 'ACME-0042' },
    eventType: 'RENEWAL',
    dueDate: '2026-12-15',
    gracePeriodEndDate: '2027-06-15',
    renewal: renewalFixture(),
    appliedDecision: null,
    duePeriod: 'UPCOMING',
    processingStatus: 'NOT_INSTRUCTED',
    processingStatusUpdatedAt: null,
    isFxRateFrozen: false,
    feesStatus: 'ESTIMATED',
    createdAt: '2024-01-10T09:30:00.000Z',
    updatedAt: '2026-05-02T14:05:27.123Z',
    fees: feesFixture(),
    instructability: instructabilityFixture(),
    ...overrides,
  };
}

/** GENERATED, EUR, VAT 20%: 1234.50 + 246.90 = 1481.40. */
export function invoiceFixture(overrides: Overrides<Strict.Invoice> = {}): Strict.Invoice {
  return {
    object: 'invoice',
    id: fixtureIds.invoice,
    reference: 'INV-2026-000123',
    number: '2026-000123',
    issueDate: '2026-11-03',
    origin: 'GENERATED',
    ipRightType: 'PATENT',
    currency: 'EUR',
    vatRate: 0.2,
    vatNumber: 'FR40303265045',
    subtotalExcludingTax: '1234.50',
    totalIncludingTax: '1481.40',
    hasPdfDocument: true,
    hasXlsxDocument: true,
    fees: [invoicedFeesFixture()],
    createdAt: '2026-11-03T10:00:00.000Z',
    updatedAt: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}

/** IMPORTED, JPY, VAT 10%: `number` is null for imported invoices (spec: Invoice). */
export function importedInvoiceFixture(overrides: Overrides<Strict.Invoice> = {}): Strict.Invoice {
  return invoiceFixture({
    id: fixtureIds.invoiceImported,
    reference: 'IMP-JP-7781',
    number: null,
    issueDate: null,
    origin: 'IMPORTED',
    currency: 'JPY',
    vatRate: 0.1,
    vatNumber: null,
    subtotalExcludingTax: '184300',
    totalIncludingTax: '202730',
    hasXlsxDocument: false,
    fees: [jpyInvoicedFeesFixture()],
    createdAt: null,
    updatedAt: null,
    ...overrides,
  });
}

/** REGULARIZATION, CHF, VAT 7.7%: a late grace-period surcharge billed afterwards, 150.00 + 11.55. */
export function regularizationInvoiceFixture(overrides: Overrides<Strict.Invoice> = {}): Strict.Invoice {
  return invoiceFixture({
    id: fixtureIds.invoiceRegularization,
    reference: 'REG-2026-000007',
    number: '2026-R-000007',
    issueDate: '2026-11-20',
    origin: 'REGULARIZATION',
    currency: 'CHF',
    vatRate: 0.077,
    vatNumber: 'CHE-123.456.789 MWST',
    subtotalExcludingTax: '150.00',
    totalIncludingTax: '161.55',
    hasXlsxDocument: false,
    fees: [
      invoicedFeesFixture({
        invoiceId: fixtureIds.invoiceRegularization,
        currency: 'CHF',
        total: '150.00',
        components: [feeComponentFixture({ type: 'GRACE_PERIOD', amount: '150.00' })],
      }),
    ],
    ...overrides,
  });
}

export function instructionFixture(overrides: Overrides<Strict.Instruction> = {}): Strict.Instruction {
  return {
    object: 'instruction',
    id: fixtureIds.instruction,
    decision: 'PROCEED',
    status: 'EXECUTED',
    executedAt: '2026-10-02T08:15:30.250Z',
    scheduledForExecutionAt: null,
    renewedDesignatedCountries: null,
    excludedDesignatedCountries: null,
    ...overrides,
  };
}

export function instructionReceiptFixture(
  overrides: Overrides<Strict.InstructionReceipt> = {},
): Strict.InstructionReceipt {
  return {
    object: 'instructionReceipt',
    issueDate: '2026-10-02',
    reference: 'IR-2026-000045',
    number: 45,
    instructions: [
      instructionFixture(),
      instructionFixture({ id: fixtureIds.instructionSkip, decision: 'SKIP_THIS_TIME' }),
    ],
    ...overrides,
  };
}

export function instructionRequestFixture(overrides: Overrides<InstructionRequest> = {}): InstructionRequest {
  return {
    instructions: [
      { eventId: fixtureIds.event, decision: 'PROCEED' },
      { eventId: fixtureIds.eventJp, decision: 'SKIP_THIS_TIME' },
    ],
    ...overrides,
  };
}

export function frozenRateEventFixture(
  overrides: Overrides<Strict.FrozenRateEvent> = {},
): Strict.FrozenRateEvent {
  return {
    object: 'frozenRateEvent',
    clientCaseReference: 'P-2019-017 EP',
    dueDate: '2026-12-15',
    amount: '1234.50',
    currency: 'EUR',
    isFxRateFrozen: true,
    hasInstruction: false,
    ...overrides,
  };
}

/** One month read or frozen: with its events (spec: Exchange-rate freeze). */
export function exchangeRateFreezeFixture(
  overrides: Overrides<Strict.ExchangeRateFreeze> = {},
): Strict.ExchangeRateFreeze {
  return {
    object: 'exchangeRateFreeze',
    yearMonth: '2026-12',
    events: [
      frozenRateEventFixture(),
      frozenRateEventFixture({
        clientCaseReference: null,
        dueDate: '2026-12-01',
        amount: '184300',
        currency: 'JPY',
        hasInstruction: true,
      }),
    ],
    ...overrides,
  };
}

/** An item of the list of frozen months: only `object` and `yearMonth` (spec: Endpoints 13). */
export function exchangeRateFreezeSummaryFixture(
  overrides: Overrides<StrictExchangeRateFreezeSummary> = {},
): StrictExchangeRateFreezeSummary {
  return { object: 'exchangeRateFreeze', yearMonth: '2026-12', ...overrides };
}

/**
 * A pagination envelope around `data` (spec: Pagination envelope). Unless overridden, the counts
 * follow from `data` and the page: `hasMore` is true exactly when another page follows.
 */
export function pageFixture<T>(data: T[], overrides: Overrides<StrictPagination> = {}): PageFixture<T> {
  const itemsPerPage = overrides.itemsPerPage ?? 10;
  const currentPage = overrides.currentPage ?? 1;
  const totalItems = overrides.totalItems ?? (currentPage - 1) * itemsPerPage + data.length;
  const totalPages = overrides.totalPages ?? Math.ceil(totalItems / itemsPerPage);
  return {
    pagination: {
      totalItems,
      currentPage,
      itemsPerPage,
      totalPages,
      hasMore: overrides.hasMore ?? currentPage < totalPages,
    },
    data,
  };
}

const PROBLEM_TEXT: Record<KnownProblemCode, { title: string; detail: string; instance: string }> = {
  validation_failed: {
    title: 'Validation failed',
    detail: 'The sort field "title" is not allowed.',
    instance: '/api/v2/external/patents',
  },
  invalid_api_key: {
    title: 'Invalid API key',
    detail: 'The x-api-key header is missing or the key is unknown.',
    instance: '/api/v2/external/patents',
  },
  api_key_expired: {
    title: 'API key expired',
    detail: 'The API key expired; ask for a new key.',
    instance: '/api/v2/external/patents',
  },
  insufficient_scope: {
    title: 'Insufficient scope',
    detail: 'The API key lacks the scope this operation requires.',
    instance: '/api/v2/external/patent-instructions',
  },
  forbidden: {
    title: 'Forbidden',
    detail: 'Exchange-rate freezing is not enabled for this account.',
    instance: '/api/v2/external/exchange-rate-freezes/2026-12',
  },
  not_found: {
    title: 'Not found',
    detail: 'No such resource in the portfolio.',
    instance: `/api/v2/external/patents/${fixtureIds.patent}`,
  },
  instruction_already_set: {
    title: 'Instruction already set',
    detail: 'The event already has an executed decision.',
    instance: '/api/v2/external/patent-instructions',
  },
  instruction_too_early: {
    title: 'Instruction too early',
    detail: 'The event can be instructed from 2026-10-01.',
    instance: '/api/v2/external/patent-instructions',
  },
  instruction_skipped: {
    title: 'Earlier event pending',
    detail: 'An earlier event of the same patent must be decided first.',
    instance: '/api/v2/external/patent-instructions',
  },
  instruction_lapsed: {
    title: 'Decision not offered',
    detail: 'PROCEED is not offered on a lapsed event.',
    instance: '/api/v2/external/patent-instructions',
  },
  rate_limit_exceeded: {
    title: 'Rate limit exceeded',
    detail: 'The daily call quota of this key is used up.',
    instance: '/api/v2/external/patents',
  },
};

/** Extensions each code carries (spec: Errors). */
const PROBLEM_EXTENSIONS: Partial<Record<KnownProblemCode, Partial<Strict.Problem>>> = {
  validation_failed: {
    errors: [
      { pointer: '/sort', detail: 'unknown sort field: title' },
      { pointer: '/instructions/0/eventId', detail: 'expected a UUID' },
    ],
  },
  insufficient_scope: { requiredScope: 'patents:instructions:write' },
  instruction_skipped: {
    clientCaseReference: 'P-2019-017 EP',
    missingPreviousRenewalDates: ['2025-12-15'],
  },
};

/** The problem body of a code, with `type` /errors/<code-with-hyphens> and the code's status. */
export function problemFixture(
  code: KnownProblemCode,
  overrides: Overrides<Strict.Problem> = {},
): Strict.Problem {
  return {
    type: `/errors/${code.replaceAll('_', '-')}`,
    ...PROBLEM_TEXT[code],
    status: PROBLEM_STATUS[code],
    code,
    requestId: FIXTURE_REQUEST_ID,
    ...PROBLEM_EXTENSIONS[code],
    ...overrides,
  };
}

/** Every code of the spec's error table with its body. */
export function allProblemFixtures(): { code: KnownProblemCode; status: number; body: Strict.Problem }[] {
  return PROBLEM_CODES.map((code) => ({ code, status: PROBLEM_STATUS[code], body: problemFixture(code) }));
}
