import type { CurrencyTotal } from '@/lib/annuity/money';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { Role } from '@/lib/policy/roles';
import type { CopyAge } from '../sync/age';
import type { TodayBucket, TodayBucketId } from './buckets';
import type { InvoiceCount } from './sections';

/**
 * What the server hands Today (page and /api/today), per role. Each section loads on its own: a
 * section that failed carries its problem and the others still show: a failure
 * shows on its own part only.
 */
export interface SectionProblem {
  title: string;
  detail: string;
  status: number;
  code: string;
  requestId: string;
}

export type Section<T> = { ok: true; data: T } | { ok: false; problem: SectionProblem };

/** A bucket as Today shows it, with the address of the same items in the month view. */
export interface BucketView extends TodayBucket {
  href: string;
  /**
   * Set when `items` holds only the first screen (the page's HTML, lib/server/today/first-screen.ts):
   * the items the server holds for the bucket, and the decidable ones among them. The rest is
   * fetched on demand (GET /api/today/items).
   */
  listed?: { items: number; decidable: number };
  /**
   * How many of the bucket's renewals `href` lists, when not all of them: the month view takes a
   * range of MAX_RANGE_DAYS at most, and a bucket spanning years (lapsed renewals due long ago)
   * links to its latest ones only; the card says so rather than "these N".
   */
  linked?: number;
}

export interface RenewalsSection {
  today: string;
  /** The due-date windows read (spec: Endpoints 9), for "counts match what the service reports". */
  windows: { from: string; to: string }[];
  buckets: BucketView[];
  /** Renewals the section read in its windows, and the upstream calls it cost. */
  renewalsRead: number;
  /**
   * Renewals still open at the service that are due outside the windows (lapsed ones nobody
   * decided, spec: Instruction rules), read from the whole copy; each is in a bucket.
   */
  openOutside: number;
  upstreamCalls: number;
  fetchedAt: string;
  /** The synced copy's age behind these renewals (lib/server/sync). */
  copy?: CopyAge;
  /** Where the buckets' other items are kept for this page (GET /api/today/items?handoff=). */
  rest?: string;
}

export interface RenewalRef {
  eventId: string;
  patentId: string;
  name: string;
  office: string | null;
  dueDate: string;
  annuityYear: number | null;
  processingStatus: string | null;
  processingStatusUpdatedAt: string | null;
  href: string;
  patentHref: string;
  /** The renewal's client, when the user works for several. */
  client?: ClientRef;
}

/**
 * A renewal the service accepted and scheduled (lib/decisions/scheduled.ts): shown with its
 * decision and date, neither among the undecided nor as executed, until the service applies it.
 */
export interface ScheduledRef extends RenewalRef {
  decision: string;
  scheduledFor: string;
  batchHref: string;
}

export interface ScheduledSection {
  items: ScheduledRef[];
}

/**
 * The renewals someone must take up with support (lib/today/sections.ts, unprocessableNow): the
 * same renewals the "needs attention" notification names, for those who track and decide.
 */
export interface UnprocessableSection {
  items: RenewalRef[];
  /** A status older than this many days is history, left to the processing board. */
  recentDays: number;
  trackingHref: string;
}

export interface InvoiceAttention {
  id: string;
  reference: string;
  /** The invoice's client, when the user works for several (references repeat across clients). */
  client?: ClientRef;
  issueDate: string | null;
  currency: string;
  total: string | null;
  reasons: ('failed-checks' | 'warnings' | 'disputed' | 'unreconciled')[];
  fails: number;
  warnings: number;
  href: string;
}

export interface FinanceSection {
  invoices: InvoiceAttention[];
  totals: CurrencyTotal[];
  /** Unreconciled after this many days counts as needing attention. */
  unreconciledAfterDays: number;
  invoicesHref: string;
  /** Each count with the invoice list showing exactly those invoices (lib/today/sections.ts). */
  notReconciled: InvoiceCount;
  overdue: InvoiceCount;
  disputed: InvoiceCount;
  fulfilledWithoutInvoice: RenewalRef[];
}

interface FreezableMonth {
  month: string;
  /** The client whose month it is, when the user works for several. */
  client?: ClientRef;
  /** Estimated fees not frozen yet, per currency; null when Today did not read that month. */
  atStake: CurrencyTotal[] | null;
  href: string;
}

export interface ManagerSection {
  bucketCounts: { id: TodayBucketId; count: number; href: string }[];
  freezable: FreezableMonth[];
  spend: { month: string; previousMonth: string; current: CurrencyTotal[]; previous: CurrencyTotal[] };
  /** Fees executed DROPs spare, per year from this one on and per currency. */
  savings: { year: number; totals: CurrencyTotal[] }[];
}

export interface AdminSection {
  connection: {
    checkedAt: string | null;
    reachable: boolean | null;
    keyState: string;
    scopes: { scope: string; state: string }[];
    problems: string[];
  };
  /** Each client's quota (one per key, spec: Limits 2), the client named when there are several. */
  quotas: {
    client: ClientRef | null;
    limit: number | null;
    remaining: number | null;
    resetAt: string | null;
    exhaustedUntil: string | null;
  }[];
  failedSignIns: { email: string; failures: number; lastAt: string }[];
  lockedOut: { email: string; secondsLeft: number }[];
  windowHours: number;
  /** Emails whose send did not finish: never resent by themselves, an admin decides. */
  deliveryUnknown: number;
}

export interface ChangeSummary {
  /** The previous visit; null on a first visit (nothing to compare with). */
  since: string | null;
  statusMoves: RenewalRef[];
  /** Each names its client when the user works for several (references repeat across clients). */
  newInvoices:
    | { id: string; reference: string; issueDate: string | null; href: string; client?: ClientRef }[]
    | null;
  colleagueBatches: { id: string; by: string; at: string; decisions: number; href: string }[];
}

/** Batches waiting for a manager's approval (an approver's queue, or a preparer's own). */
export interface ApprovalsAttention {
  asApprover: boolean;
  batches: {
    id: string;
    by: string;
    at: string;
    decisions: number;
    /** Renewals of the batch whose due date passed while it waited. */
    deadlinesPassed: number;
    href: string;
  }[];
}

export interface TodayData {
  role: Role;
  today: string;
  /**
   * The age of the renewals behind the sections of a role that sees them as counts and sums
   * (finance, manager): their first read is said at the top of the page as on the paralegal's.
   */
  renewalsCopy?: CopyAge | null;
  renewals: Section<RenewalsSection> | null;
  finance: Section<FinanceSection> | null;
  manager: Section<ManagerSection> | null;
  admin: Section<AdminSection> | null;
  changes: Section<ChangeSummary> | null;
  /** Batches waiting for approval; absent for roles that neither prepare nor approve. */
  approvals?: Section<ApprovalsAttention> | null;
  /** Decisions the service accepted and scheduled; absent for roles that do not read renewals. */
  scheduled?: Section<ScheduledSection> | null;
  /** Unprocessable renewals, for those who track and decide; absent for the other roles. */
  unprocessable?: Section<UnprocessableSection> | null;
}
