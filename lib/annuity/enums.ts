/**
 * The service's closed value lists and the types built on them, without zod, so browser code can
 * name a decision or a status without shipping the schema library (bench: JS per route).
 * lib/annuity/schemas.ts builds the contract from these lists and re-exports them.
 */

export const PATENT_STATUSES = ['PENDING', 'PUBLISHED', 'GRANTED', 'LAPSED'] as const;
export const PATENT_TYPES = ['PATENT', 'UTILITY', 'DESIGN'] as const;
export const FILING_ROUTES = ['NATIONAL', 'PCT', 'EP', 'EA', 'DIVISIONAL'] as const;
export const APPLICANT_TYPES = ['MICRO', 'SMALL', 'LARGE'] as const;
export const EVENT_TYPES = ['RENEWAL'] as const;
export const DECISIONS = ['PROCEED', 'SKIP_THIS_TIME', 'DROP'] as const;
export const DUE_PERIODS = ['LATE', 'GRACE_PERIOD', 'CURRENT', 'UPCOMING', 'LAPSED'] as const;
export const PROCESSING_STATUSES = [
  'NOT_INSTRUCTED',
  'INSTRUCTED',
  'PAYMENT_SENT',
  'PAYMENT_CONFIRMED',
  'FULFILLED',
  'UNPROCESSABLE',
] as const;
export const FEES_STATUSES = ['ESTIMATED', 'INVOICED'] as const;
export const FEE_COMPONENT_TYPES = ['OFFICE', 'AGENT', 'SERVICE', 'GRACE_PERIOD'] as const;
export const BLOCKED_REASONS = ['ALREADY_INSTRUCTED', 'TOO_EARLY', 'EARLIER_EVENT_PENDING'] as const;
export const INSTRUCTABILITY_MODES = ['DIRECT'] as const;
export const INVOICE_ORIGINS = ['GENERATED', 'IMPORTED', 'REGULARIZATION'] as const;
export const IP_RIGHT_TYPES = ['PATENT', 'TRADEMARK'] as const;
export const INSTRUCTION_STATUSES = ['EXECUTED'] as const;
export const SCOPES = [
  'patents:read',
  'patents:instructions:write',
  'invoices:read',
  'exchange-rate-freezes:write',
] as const;
export const PROBLEM_CODES = [
  'validation_failed',
  'invalid_api_key',
  'api_key_expired',
  'insufficient_scope',
  'forbidden',
  'not_found',
  'instruction_already_set',
  'instruction_too_early',
  'instruction_skipped',
  'instruction_lapsed',
  'rate_limit_exceeded',
] as const;

/** The fields GET /patents can sort on, one per request, `-` for descending (spec: Endpoints 1). */
export const PATENT_SORT_FIELDS = [
  'clientCaseReference',
  'office',
  'applicationDate',
  'publicationNumber',
  'status',
] as const;
export type PatentSortField = (typeof PATENT_SORT_FIELDS)[number];

/**
 * The values this version of v2 defines, closed: what the stand-in service produces. A reader of
 * the service uses the open types below, since a later v2 may add values (spec: Versioning 3).
 */
export type KnownPatentStatus = (typeof PATENT_STATUSES)[number];
export type KnownPatentType = (typeof PATENT_TYPES)[number];
export type KnownFilingRoute = (typeof FILING_ROUTES)[number];
export type KnownApplicantType = (typeof APPLICANT_TYPES)[number];
export type KnownEventType = (typeof EVENT_TYPES)[number];
export type KnownDuePeriod = (typeof DUE_PERIODS)[number];
export type KnownProcessingStatus = (typeof PROCESSING_STATUSES)[number];
export type KnownBlockedReason = (typeof BLOCKED_REASONS)[number];
export type KnownFeeComponentType = (typeof FEE_COMPONENT_TYPES)[number];
export type KnownFeesStatus = (typeof FEES_STATUSES)[number];
export type KnownInstructabilityMode = (typeof INSTRUCTABILITY_MODES)[number];
export type KnownInvoiceOrigin = (typeof INVOICE_ORIGINS)[number];

/** An open enum (spec: Conventions): the known values, or any other string a later v2 may add. */
export type OpenEnum<Known extends string> = Known | (string & {});

export type Decision = (typeof DECISIONS)[number];
/** @public a type of the contract, whether or not the dashboard names it yet */
export type DuePeriod = OpenEnum<KnownDuePeriod>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type ProcessingStatus = OpenEnum<KnownProcessingStatus>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type BlockedReason = OpenEnum<KnownBlockedReason>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type FeeComponentType = OpenEnum<KnownFeeComponentType>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type FeesStatus = OpenEnum<KnownFeesStatus>;
/** @public a type of the contract, whether or not the dashboard names it yet */
export type InvoiceOrigin = OpenEnum<KnownInvoiceOrigin>;
export type Scope = (typeof SCOPES)[number];
export type ProblemCode = OpenEnum<(typeof PROBLEM_CODES)[number]>;
