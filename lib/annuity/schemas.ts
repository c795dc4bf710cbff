import { z } from 'zod';
import {
  APPLICANT_TYPES,
  BLOCKED_REASONS,
  DECISIONS,
  DUE_PERIODS,
  EVENT_TYPES,
  FEE_COMPONENT_TYPES,
  FEES_STATUSES,
  FILING_ROUTES,
  INSTRUCTABILITY_MODES,
  INSTRUCTION_STATUSES,
  INVOICE_ORIGINS,
  IP_RIGHT_TYPES,
  type OpenEnum,
  PATENT_STATUSES,
  PATENT_TYPES,
  PROBLEM_CODES,
  PROCESSING_STATUSES,
  SCOPES,
} from './enums';
import { componentsSumToTotal, DECIMAL_PATTERN, isDecimal, isScaled } from './money';

/**
 * The service's contract (spec: Resources and their fields) as zod schemas, built twice from one set
 * of field definitions:
 * - `tolerant`, how the dashboard reads the service (spec: Versioning 3): unknown fields dropped,
 *   unknown enum values kept as strings, a missing nullable field read as null, `fees` and
 *   `instructability` optional. An additive change never fails a parse.
 * - `strict`, how the stand-in service's tests check what it serves: every field present, exact
 *   formats, closed enums, money scaled per ISO 4217 of its currency.
 * Pure (no server-only): the stand-in service and browser components import it too.
 */

export * from './enums';

/** The HTTP status of each problem code (spec: Errors, the code table). */
export const PROBLEM_STATUS = {
  validation_failed: 400,
  invalid_api_key: 401,
  api_key_expired: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  instruction_already_set: 409,
  instruction_too_early: 422,
  instruction_skipped: 422,
  instruction_lapsed: 422,
  rate_limit_exceeded: 429,
} as const satisfies Record<(typeof PROBLEM_CODES)[number], number>;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// RFC 6901: `~` only as the escapes ~0 and ~1.
const JSON_POINTER = /^(\/([^/~]|~[01])*)*$/;

// The patterns alone let 2026-02-30 or 24:61 through; an exact format means a real day and
// time, so a value must survive a round trip through Date (spec: Conventions, `…Date` and `…At`).
function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function isUtcTimestamp(value: string): boolean {
  if (!TIMESTAMP.test(value)) return false;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value;
}

/** spec: Instruction rules — opensAt is the first day of the month two months before the due month. */
function opensAtFor(dueDate: string): string | null {
  if (!isCalendarDate(dueDate)) return null;
  const year = Number(dueDate.slice(0, 4));
  const month = Number(dueDate.slice(5, 7)) - 2;
  const [y, m] = month >= 1 ? [year, month] : [year - 1, month + 12];
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

type Mode = 'strict' | 'tolerant';

function buildContractSchemas(mode: Mode) {
  const strict = mode === 'strict';

  const object = <Shape extends z.ZodRawShape>(shape: Shape) =>
    strict ? z.strictObject(shape) : z.object(shape);
  /** A field that applies but may have no value: null, never omitted (tolerant: omitted reads as null). */
  const nullable = <T extends z.ZodType>(schema: T) =>
    strict ? schema.nullable() : schema.nullish().transform((value) => value ?? null);
  const constant = <V extends string>(value: V) => (strict ? z.literal(value) : z.string());
  const openEnum = <const Values extends readonly [string, ...string[]]>(values: Values) =>
    strict
      ? (z.enum(values) as unknown as z.ZodType<OpenEnum<Values[number]>>)
      : (z.string() as unknown as z.ZodType<OpenEnum<Values[number]>>);
  const date = strict ? z.string().refine(isCalendarDate, 'expected a YYYY-MM-DD date') : z.string();
  const timestamp = strict
    ? z.string().refine(isUtcTimestamp, 'expected a UTC timestamp with milliseconds and Z')
    : z.string();
  const uuid = strict ? z.string().regex(UUID, 'expected a UUID') : z.string();
  const yearMonth = strict ? z.string().regex(YEAR_MONTH, 'expected YYYY-MM') : z.string();
  const currency = strict ? z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code') : z.string();
  const money = z.string().regex(DECIMAL_PATTERN, 'expected a decimal string');
  // The invoice number is a string, but some payloads send a number (spec: Invoice): read both.
  const invoiceNumber = strict ? z.string() : z.union([z.string(), z.number()]).transform(String);

  /** Strict only: every listed money field is scaled for the object's currency (spec: Conventions). */
  const scaledMoney =
    <T extends { currency: string }>(pick: (value: T) => (string | null | undefined)[]) =>
    (value: T, ctx: z.RefinementCtx) => {
      if (!strict) return;
      for (const amount of pick(value)) {
        if (typeof amount === 'string' && !isScaled(amount, value.currency)) {
          ctx.addIssue({ code: 'custom', message: `${amount} is not scaled for ${value.currency}` });
        }
      }
    };

  const patentRef = object({ id: uuid, providerId: nullable(z.string()) });

  const patent = object({
    object: constant('patent'),
    id: uuid,
    providerId: nullable(z.string()),
    clientCaseReference: nullable(z.string()),
    clientFamilyReference: nullable(z.string()),
    title: nullable(z.string()),
    office: z.string(),
    patentType: nullable(openEnum(PATENT_TYPES)),
    applicationNumber: nullable(z.string()),
    applicationDate: nullable(date),
    nationalPhaseEntryDate: nullable(date),
    priorityDate: nullable(date),
    publicationNumber: nullable(z.string()),
    publicationDate: nullable(date),
    grantPublicationNumber: nullable(z.string()),
    grantDate: nullable(date),
    pctApplicationNumber: nullable(z.string()),
    expirationDate: nullable(date),
    extendedExpirationDate: nullable(date),
    lapseDate: nullable(date),
    renewalsManagedFrom: nullable(date),
    status: nullable(openEnum(PATENT_STATUSES)),
    filingRoute: nullable(openEnum(FILING_ROUTES)),
    applicantType: nullable(openEnum(APPLICANT_TYPES)),
    claimCount: nullable(z.number().int()),
    designatedCountries: nullable(z.array(z.string())),
    owner: nullable(z.string()),
    secondaryOwners: nullable(z.array(z.string())),
    subCase: nullable(z.string()),
    createdAt: nullable(timestamp),
    updatedAt: nullable(timestamp),
  });

  const feeComponent = object({ type: openEnum(FEE_COMPONENT_TYPES), amount: money });

  const fees = object({
    object: constant('fees'),
    invoiceId: nullable(uuid),
    eventId: nullable(uuid),
    patent: strict
      ? object({ id: nullable(uuid), providerId: nullable(z.string()) })
      : nullable(object({ id: nullable(z.string()), providerId: nullable(z.string()) })),
    currency,
    total: nullable(money),
    components: z.array(feeComponent),
    feesStatus: openEnum(FEES_STATUSES),
    isFxRateFrozen: z.boolean(),
  }).superRefine((value, ctx) => {
    scaledMoney<typeof value>((v) => [v.total, ...v.components.map((c) => c.amount)])(value, ctx);
    if (strict) {
      // spec: Fees rules — components sum to the authoritative total; a component that does not
      // apply is absent; ESTIMATED has no invoice, INVOICED has one.
      // A malformed amount is already an issue of its own field; summing it would throw
      // out of safeParse instead of reporting.
      const amounts = [value.total, ...value.components.map((c) => c.amount)];
      if (amounts.every((a) => a === null || isDecimal(a)) && !componentsSumToTotal(value)) {
        ctx.addIssue({ code: 'custom', path: ['components'], message: 'components do not sum to total' });
      }
      const types = value.components.map((c) => c.type);
      if (new Set(types).size !== types.length) {
        ctx.addIssue({ code: 'custom', path: ['components'], message: 'a component type appears twice' });
      }
      if ((value.feesStatus === 'INVOICED') !== (value.invoiceId !== null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['invoiceId'],
          message: 'invoiceId is set exactly when INVOICED',
        });
      }
    }
  });

  const renewal = object({
    annuityYear: z.number().int(),
    paymentSequenceNumber: nullable(z.number().int()),
  });

  const instructability = object({
    isAllowed: z.boolean(),
    allowedDecisions: z.array(openEnum(DECISIONS)),
    blockedReason: nullable(openEnum(BLOCKED_REASONS)),
    opensAt: nullable(date),
    mode: openEnum(INSTRUCTABILITY_MODES),
  }).superRefine((value, ctx) => {
    if (!strict) return;
    if (value.isAllowed !== value.allowedDecisions.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'allowedDecisions is empty exactly when not allowed' });
    }
    if (value.isAllowed !== (value.blockedReason === null)) {
      ctx.addIssue({ code: 'custom', message: 'blockedReason is null exactly when allowed' });
    }
  });

  const patentEvent = object({
    object: constant('patentEvent'),
    id: uuid,
    patent: patentRef,
    eventType: openEnum(EVENT_TYPES),
    dueDate: date,
    gracePeriodEndDate: nullable(date),
    renewal: nullable(renewal),
    appliedDecision: nullable(openEnum(DECISIONS)),
    duePeriod: nullable(openEnum(DUE_PERIODS)),
    processingStatus: nullable(openEnum(PROCESSING_STATUSES)),
    processingStatusUpdatedAt: nullable(timestamp),
    isFxRateFrozen: z.boolean(),
    feesStatus: nullable(openEnum(FEES_STATUSES)),
    createdAt: nullable(timestamp),
    updatedAt: nullable(timestamp),
    // Absent, not null, when not applicable (spec: Conventions).
    fees: fees.optional(),
    instructability: instructability.optional(),
  }).superRefine((value, ctx) => {
    if (!strict) return;
    if ((value.eventType === 'RENEWAL') !== (value.renewal !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['renewal'],
        message: 'renewal is set exactly for RENEWAL events',
      });
    }
    if (value.renewal && value.renewal.paymentSequenceNumber === value.renewal.annuityYear) {
      ctx.addIssue({
        code: 'custom',
        path: ['renewal', 'paymentSequenceNumber'],
        message: 'present only when it differs from annuityYear',
      });
    }
    // Only `fees` may be absent on a renewal (spec: Endpoints 9, without include=fees); a renewal is
    // always decided from its instructability (spec: What the service does, step 2).
    if (value.eventType === 'RENEWAL' && value.instructability === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['instructability'],
        message: 'a RENEWAL event has instructability',
      });
    }
    const rules = value.instructability;
    if (rules?.opensAt != null && rules.opensAt !== opensAtFor(value.dueDate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['instructability', 'opensAt'],
        message: 'opensAt is the first day of the month two months before the due month',
      });
    }
    // spec: Instruction rules — PROCEED is not offered on a LAPSED event.
    if (value.duePeriod === 'LAPSED' && rules?.allowedDecisions.includes('PROCEED')) {
      ctx.addIssue({
        code: 'custom',
        path: ['instructability', 'allowedDecisions'],
        message: 'PROCEED is not offered on a LAPSED event',
      });
    }
  });

  const invoice = object({
    object: constant('invoice'),
    id: uuid,
    reference: z.string(),
    number: nullable(invoiceNumber),
    issueDate: nullable(date),
    origin: openEnum(INVOICE_ORIGINS),
    ipRightType: openEnum(IP_RIGHT_TYPES),
    currency,
    vatRate: nullable(z.number()),
    vatNumber: nullable(z.string()),
    subtotalExcludingTax: nullable(money),
    totalIncludingTax: nullable(money),
    hasPdfDocument: z.boolean(),
    hasXlsxDocument: z.boolean(),
    fees: z.array(fees),
    createdAt: nullable(timestamp),
    updatedAt: nullable(timestamp),
  }).superRefine((value, ctx) => {
    scaledMoney<typeof value>((v) => [v.subtotalExcludingTax, v.totalIncludingTax])(value, ctx);
    if (strict && value.origin === 'IMPORTED' && value.number !== null) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'IMPORTED invoices have no number' });
    }
    // spec: Fees — `currency` is the invoice currency and all amounts are in it.
    if (strict) {
      value.fees.forEach((line, index) => {
        if (line.currency !== value.currency) {
          ctx.addIssue({
            code: 'custom',
            path: ['fees', index, 'currency'],
            message: 'an invoice line is in the invoice currency',
          });
        }
      });
    }
  });

  const instruction = object({
    object: constant('instruction'),
    id: uuid,
    decision: openEnum(DECISIONS),
    status: openEnum(INSTRUCTION_STATUSES),
    executedAt: nullable(timestamp),
    scheduledForExecutionAt: nullable(date),
    renewedDesignatedCountries: nullable(z.array(z.string())),
    excludedDesignatedCountries: nullable(z.array(z.string())),
  }).superRefine((value, ctx) => {
    if (!strict) return;
    // spec: Instruction — `executedAt` is a timestamp (not nullable) set when EXECUTED; the country
    // lists are always null for patent instructions.
    if (value.status === 'EXECUTED' && value.executedAt === null) {
      ctx.addIssue({ code: 'custom', path: ['executedAt'], message: 'executedAt is set when EXECUTED' });
    }
    if (value.renewedDesignatedCountries !== null || value.excludedDesignatedCountries !== null) {
      ctx.addIssue({ code: 'custom', message: 'designated-country lists are null for patent instructions' });
    }
  });

  const instructionReceipt = object({
    object: constant('instructionReceipt'),
    issueDate: date,
    reference: z.string(),
    number: z.number().int(),
    instructions: z.array(instruction),
  });

  const frozenRateEvent = object({
    object: constant('frozenRateEvent'),
    clientCaseReference: nullable(z.string()),
    dueDate: date,
    amount: money,
    currency,
    isFxRateFrozen: z.boolean(),
    hasInstruction: z.boolean(),
  }).superRefine((value, ctx) => scaledMoney<typeof value>((v) => [v.amount])(value, ctx));

  const exchangeRateFreeze = object({
    object: constant('exchangeRateFreeze'),
    yearMonth,
    events: z.array(frozenRateEvent),
  });

  const exchangeRateFreezeSummary = object({ object: constant('exchangeRateFreeze'), yearMonth });

  const validationError = strict
    ? z.strictObject({
        pointer: z.string().regex(JSON_POINTER, 'expected an RFC 6901 pointer'),
        detail: z.string(),
      })
    : z.looseObject({ pointer: z.string(), detail: z.string().optional() });

  // spec: Errors. Tolerant: a problem is read by its `code` and the HTTP status; `type`, `title`,
  // `detail` and every extension may be missing (a gateway's or a minimal service's body), and
  // `status` may come as a string ("409"). A body without a `code` is not a problem we can read.
  const problem = object({
    type: strict ? z.string() : z.string().optional(),
    title: strict ? z.string() : z.string().optional(),
    // Typed as the contract's number: the fixtures and the stand-in write it so; a string is read.
    status: strict
      ? z.number().int()
      : (z
          .union([
            z.number().int(),
            z
              .string()
              .trim()
              .regex(/^\d{3}$/)
              .transform(Number),
          ])
          .optional()
          .catch(undefined) as unknown as z.ZodType<number | undefined, number>),
    detail: strict ? z.string() : z.string().optional().default('').catch(''),
    instance: strict ? z.string() : z.string().optional().catch(undefined),
    code: openEnum(PROBLEM_CODES),
    requestId: strict ? z.string().min(1) : z.string().optional().catch(undefined),
    requiredScope: strict ? z.enum(SCOPES).optional() : z.string().optional(),
    errors: z.array(validationError).optional(),
    clientCaseReference: z.string().nullable().optional(),
    missingPreviousRenewalDates: z.array(date).optional(),
  }).superRefine((value, ctx) => {
    if (!strict) return;
    if (value.type !== `/errors/${value.code.replaceAll('_', '-')}`) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'type is /errors/<code with hyphens>' });
    }
    if ((value.code === 'insufficient_scope') !== (value.requiredScope !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['requiredScope'],
        message: 'requiredScope only on insufficient_scope',
      });
    }
    if ((value.code === 'validation_failed') !== (value.errors !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['errors'], message: 'errors only on validation_failed' });
    }
    // spec: Errors — the status of each code, and the instruction_skipped extensions.
    const status = PROBLEM_STATUS[value.code as keyof typeof PROBLEM_STATUS];
    if (value.status !== status) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: `${value.code} is HTTP ${status}` });
    }
    const skipped = value.code === 'instruction_skipped';
    if (skipped !== (value.clientCaseReference !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientCaseReference'],
        message: 'clientCaseReference only on instruction_skipped',
      });
    }
    if (skipped !== (value.missingPreviousRenewalDates !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['missingPreviousRenewalDates'],
        message: 'missingPreviousRenewalDates only on instruction_skipped',
      });
    }
  });

  const pagination = object({
    totalItems: z.number().int().min(0),
    currentPage: z.number().int().min(1),
    itemsPerPage: z
      .number()
      .int()
      .min(1)
      .max(strict ? 100 : Number.MAX_SAFE_INTEGER),
    totalPages: z.number().int().min(0),
    hasMore: z.boolean(),
  });

  const page = <Item extends z.ZodType>(item: Item) =>
    object({ pagination, data: z.array(item) }).superRefine((value, ctx) => {
      if (!strict) return;
      // spec: Pagination envelope — hasMore is true exactly when another page follows.
      const { currentPage, totalPages, itemsPerPage, hasMore } = value.pagination;
      if (hasMore !== currentPage < totalPages) {
        ctx.addIssue({
          code: 'custom',
          path: ['pagination', 'hasMore'],
          message: 'hasMore iff another page follows',
        });
      }
      if (value.data.length > itemsPerPage) {
        ctx.addIssue({ code: 'custom', path: ['data'], message: 'more items than itemsPerPage' });
      }
    });

  return {
    patent,
    patentRef,
    patentEvent,
    renewal,
    instructability,
    fees,
    feeComponent,
    invoice,
    instruction,
    instructionReceipt,
    exchangeRateFreeze,
    exchangeRateFreezeSummary,
    frozenRateEvent,
    problem,
    pagination,
    page,
  };
}

export const strict = buildContractSchemas('strict');
export const tolerant = buildContractSchemas('tolerant');
/** @public a type of the contract, whether or not the dashboard names it yet */
export type ContractSchemas = typeof tolerant;

/** The body of postPatentInstructions (spec: Endpoints 10). */
export const InstructionRequestSchema = z.strictObject({
  instructions: z
    .array(
      z.strictObject({ eventId: z.string().regex(UUID, 'expected a UUID'), decision: z.enum(DECISIONS) }),
    )
    .min(1),
});
export type InstructionRequest = z.infer<typeof InstructionRequestSchema>;

export type Patent = z.output<typeof tolerant.patent>;
export type PatentEvent = z.output<typeof tolerant.patentEvent>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type Renewal = z.output<typeof tolerant.renewal>;
export type Instructability = z.output<typeof tolerant.instructability>;
export type Fees = z.output<typeof tolerant.fees>;
export type FeeComponent = z.output<typeof tolerant.feeComponent>;
export type Invoice = z.output<typeof tolerant.invoice>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type Instruction = z.output<typeof tolerant.instruction>;
export type InstructionReceipt = z.output<typeof tolerant.instructionReceipt>;
export type ExchangeRateFreeze = z.output<typeof tolerant.exchangeRateFreeze>;
export type ExchangeRateFreezeSummary = z.output<typeof tolerant.exchangeRateFreezeSummary>;
export type FrozenRateEvent = z.output<typeof tolerant.frozenRateEvent>;
export type Problem = z.output<typeof tolerant.problem>;
export type Pagination = z.output<typeof tolerant.pagination>;
export interface Page<T> {
  pagination: Pagination;
  data: T[];
}

/** What the stand-in service builds: the strict reading's input types. */
export namespace Strict {
  export type Patent = z.input<typeof strict.patent>;
  export type PatentEvent = z.input<typeof strict.patentEvent>;
  export type Fees = z.input<typeof strict.fees>;
  export type Invoice = z.input<typeof strict.invoice>;
  export type Instruction = z.input<typeof strict.instruction>;
  export type InstructionReceipt = z.input<typeof strict.instructionReceipt>;
  export type ExchangeRateFreeze = z.input<typeof strict.exchangeRateFreeze>;
  export type FrozenRateEvent = z.input<typeof strict.frozenRateEvent>;
  export type Problem = z.input<typeof strict.problem>;
}
