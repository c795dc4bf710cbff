import { z } from 'zod';
import { PROCESSING_STATUSES, SCOPES, type Scope, type Strict } from '../../lib/annuity/schemas';
import { isIsoDate } from '../domain/calendar';
import { BASE_CURRENCY, isRate, SUPPORTED_CURRENCIES } from '../domain/fx';
import { PORTFOLIO_MIXES } from '../domain/model';

/**
 * The operator API's requests and answers (not part of API v2), one schema each. The routes parse
 * every request body with them; the typed client, the admin CLI, the test launcher and the service
 * take their types from them, so no copy of a shape can drift from what the routes accept and send.
 * The answers are checked against them by tests/operator.test.ts.
 */

const currency = z
  .string()
  .refine((code) => SUPPORTED_CURRENCIES.includes(code), 'a supported currency code');
const officeCode = z.string().regex(/^[A-Z]{2}$/, 'an office code');
const rate = z.string().refine(isRate, 'a positive decimal string');
const isoDate = z.string().refine(isIsoDate, 'expected a YYYY-MM-DD date');
const count = z.number().int().min(0);

/**
 * A scope read as any text: the CLI passes on what the operator typed and tests send wrong scopes on
 * purpose, so callers may send any string; the route still accepts only the four of API v2.
 */
const scope: z.ZodType<Scope, string> = z.enum(SCOPES);

/** Where the office can move an event: every status but the one events start in. */
const progressTarget = z.enum(PROCESSING_STATUSES).exclude(['NOT_INSTRUCTED']);

export const TenantInputSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'letters, digits, dot, dash, underscore; 1-63 characters'),
  portfolio: z.enum(PORTFOLIO_MIXES).optional(),
  currency: currency.optional(),
  invoiceCurrencyByOffice: z.record(officeCode, currency).optional(),
  patents: z.number().int().min(0).max(200_000).optional(),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  freezeEnabled: z.boolean().optional(),
  freezeHorizonMonths: z.number().int().min(0).max(36).optional(),
  vatRate: z.number().min(0).max(1).optional(),
});

/** A tenant: its settings with the defaults filled in, plus what the service made of them. */
export const OperatorTenantSchema = TenantInputSchema.required().extend({
  id: z.string(),
  vatNumber: z.string().nullable(),
  anchorDate: isoDate,
  createdAt: z.iso.datetime(),
  counts: z.strictObject({ patents: count, events: count, invoices: count, frozenMonths: count }),
});

export const KeyInputSchema = z.strictObject({
  tenant: z.string().min(1),
  scopes: z.array(scope),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  dailyLimit: z.number().int().min(1).max(1_000_000_000).optional(),
});

/** A new key, the only answer that ever shows the key itself (spec: Authentication 1). */
export const CreatedKeySchema = KeyInputSchema.required().extend({
  id: z.string(),
  key: z.string(),
});

export const ProgressInputSchema = z.strictObject({ to: progressTarget.optional() });

export const ClockInputSchema = z.strictObject({ today: isoDate.nullable() });

export const ClockSchema = z.strictObject({
  today: isoDate,
  isPinned: z.boolean(),
  now: z.iso.datetime(),
});

export const RatesInputSchema = z.strictObject({
  rates: z.record(currency, rate).optional(),
  multiplyAllBy: rate.optional(),
});

/** Units of each currency for one euro. */
export const FxRatesSchema = z.strictObject({
  base: z.literal(BASE_CURRENCY),
  rates: z.record(currency, rate),
});

/** Fault injection (http/faults.ts); a request changes some settings, the rest take their defaults. */
export const FaultSettingsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(120_000),
  errorRate: z.number().min(0).max(1),
  errorStatus: z.number().int().min(400).max(599),
  dropRate: z.number().min(0).max(1),
  /**
   * When a dropped connection is cut: 'before' the operation runs (nothing happened), or 'after'
   * it ran (the work is done, the answer is lost — the case a client must reconcile, spec: Errors,
   * "a retry after a timeout commonly yields 409").
   */
  dropPhase: z.enum(['before', 'after']),
  /**
   * A gateway in front of the service that gives up on a write: it answers 504 (an HTML page, no
   * problem body) after `answerAfterMs` while the request reaches the service `executeAfterMs`
   * after it arrived, so the work is done a few seconds after the answer was lost (spec: Errors,
   * 5xx "not shown"; 409 after a retry "means the work is done"). Applies to POST and PUT only;
   * null: off. With it set, drops and errors still apply to the other requests.
   */
  gatewayTimeout: z
    .strictObject({
      answerAfterMs: z.number().int().min(0).max(60_000),
      executeAfterMs: z.number().int().min(0).max(120_000),
    })
    .nullable(),
  /**
   * Lists whose items move while a client pages through them (api/moving-lists.ts), as a real
   * service's do when its data changes between two page reads (spec: Pagination envelope): after
   * every `everyPages` page reads of a list, one item comes back before the reader's cursor
   * (`repeat`: the next page starts one item earlier), one comes back after it (`add`), or the
   * last item read goes (`remove`: the next page starts one later), at most `times` times per
   * list. Applies to the period list, the patent list and the invoice list (within `paths`);
   * null: off.
   */
  moveItems: z
    .strictObject({
      mode: z.enum(['add', 'remove', 'repeat']),
      everyPages: z.number().int().min(1).max(1_000).default(1),
      times: z.number().int().min(1).max(1_000).default(1),
    })
    .nullable(),
  /**
   * Deterministic instead of random: with `every` = N, the faults hit every Nth matching request
   * (a drop when dropRate > 0, else an error). `every: 5` with an error status is exactly 20 %
   * failures, never two in a row, so a test of retries cannot flake.
   */
  every: z.number().int().min(1).max(1_000).nullable(),
  /** Path prefixes the faults apply to; relative ones are under /api/v2/external. Empty: all. */
  paths: z.array(z.string().min(1)),
});

export const FaultsInputSchema = FaultSettingsSchema.partial();

const KeyUsageSchema = z.strictObject({
  id: z.string(),
  keyHint: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.iso.datetime(),
  dailyLimit: count,
  calls: count,
  rateLimited: count,
  today: z.strictObject({ date: isoDate, calls: count, remaining: count }),
  /** Calls per API v2 operation name. */
  operations: z.record(z.string(), count),
});

export const UsageReportSchema = z.strictObject({
  tenant: z.string(),
  calls: count,
  operations: z.record(z.string(), count),
  keys: z.array(KeyUsageSchema),
});

/** What a caller sends: the routes' input types. */
export type CreateTenantRequest = z.input<typeof TenantInputSchema>;
export type CreateKeyRequest = z.input<typeof KeyInputSchema>;
export type ProcessingStatusTarget = z.input<typeof progressTarget>;
export type ClockRequest = z.input<typeof ClockInputSchema>;
export type FxRatesRequest = z.input<typeof RatesInputSchema>;
export type FaultsRequest = z.input<typeof FaultsInputSchema>;

/** What the routes hand to the service once a request is parsed. */
export type TenantInput = z.output<typeof TenantInputSchema>;
export type KeyInput = z.output<typeof KeyInputSchema>;
export type FxRatesChange = z.output<typeof RatesInputSchema>;

/** What the routes answer. */
export type OperatorTenant = z.output<typeof OperatorTenantSchema>;
export type CreatedKey = z.output<typeof CreatedKeySchema>;
/** As the service builds it (lib/annuity's strict reading). */
export type ProgressedEvent = Strict.PatentEvent;
export type ClockState = z.output<typeof ClockSchema>;
export type FxRates = z.output<typeof FxRatesSchema>;
export type FaultSettings = z.output<typeof FaultSettingsSchema>;
export type MoveItemsSettings = NonNullable<FaultSettings['moveItems']>;
export type UsageReport = z.output<typeof UsageReportSchema>;

/**
 * Behaviour profiles (sandbox/profiles.ts): where the spec leaves a choice open, each switch picks
 * the alternative a careful real service might make. `default` is the stand-in's historical
 * behaviour; `variant` turns every switch the other way. Each switch is described in sandbox/README.md
 * next to the spec sentence it answers.
 */
export const ProfileSwitchesSchema = z.strictObject({
  /** Days between FULFILLED and the official receipt being on file (spec: Endpoints 6 to 8). */
  officialReceiptDelayDays: z.number().int().min(0).max(90),
  /** Whether the per-patent event endpoints carry `fees` unasked (spec: Patent event, `fees`). */
  feesOnPerPatentEvents: z.boolean(),
  /** DIRECT, or a deferred mode: instructions accepted now, executed on `scheduledForExecutionAt`. */
  instructionMode: z.enum(['DIRECT', 'DEFERRED']),
  /**
   * Under DEFERRED: `at-once` only relabels the answers (the decision is applied at once, as in
   * DIRECT); `next-day` defers in the domain: the instruction is accepted as scheduled and the
   * service's clock executes it a day later (until then the event is instructed, undecided).
   */
  deferredExecution: z.enum(['at-once', 'next-day']),
  /** The order of a receipt's instructions: the request's, or another (spec: Instruction receipt). */
  receiptOrder: z.enum(['request', 'reversed']),
  /** Maximum instructions per batch (spec: Limits 4, "not shown"); more is a 400 validation_failed. */
  maxBatchSize: z.number().int().min(1).max(500),
  /** VAT rounded once on the subtotal, or per invoice line and summed (spec: Invoice, not shown). */
  vatRounding: z.enum(['subtotal', 'perLine']),
  /** Document refusals: 404 only, or 403 forbidden for a document the service will never hold. */
  documentErrors: z.enum(['not_found', 'forbidden']),
  /** Content-Disposition: a plain ASCII `filename`, or RFC 6266 `filename*` (UTF-8, non-ASCII names). */
  documentFilenames: z.enum(['plain', 'rfc6266']),
  /** Every `every`-th GET starts a burst of `length` 503s (spec: Errors, 5xx behaviour not shown). */
  serverErrorBursts: z
    .strictObject({ every: z.number().int().min(2).max(10_000), length: z.number().int().min(1).max(5) })
    .nullable(),
  /** Invoice `number` as a JSON string or a JSON number (spec: Invoice, "accept either"). */
  invoiceNumbers: z.enum(['string', 'number']),
  /** Share of history invoice lines corrected by a REGULARIZATION invoice (read when a tenant is built). */
  regularizationShare: z.number().min(0).max(1),
  /** Unknown enum values and event kinds in every list, and additive fields on every object (spec: Versioning 2). */
  futureV2Additions: z.boolean(),
});

export const PROFILE_NAMES = ['default', 'variant'] as const;

/** PUT /operator/v1/profile: a named profile, single switches on top of it, or both. */
export const ProfileInputSchema = z.strictObject({
  name: z.enum(PROFILE_NAMES).optional(),
  switches: ProfileSwitchesSchema.partial().optional(),
});

/** The profile in force: the name it started from (`custom` once a switch differs from it) and every switch. */
export const ProfileSchema = z.strictObject({
  name: z.union([z.enum(PROFILE_NAMES), z.literal('custom')]),
  switches: ProfileSwitchesSchema,
});

export type ProfileSwitches = z.output<typeof ProfileSwitchesSchema>;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export type ProfileRequest = z.input<typeof ProfileInputSchema>;
export type ProfileState = z.output<typeof ProfileSchema>;
