import { type CurrencyTotal, sumByCurrency } from '@/lib/annuity/money';
import type { Invoice } from '@/lib/annuity/schemas';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { ScheduledDecision } from '@/lib/decisions/scheduled';
import { monthOf } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import type { RenewalRow } from '@/lib/renewals/rows';
import { addDays, daysFrom } from '../format/dates';
import type { InvoiceAttention, RenewalRef, ScheduledRef } from './data';
import { todayLink } from './links';

/**
 * The finance, manager and change parts of Today, computed from data already read (renewal rows,
 * the invoice catalog, check counts). Pure.
 */
export const UNRECONCILED_AFTER_DAYS = 30;

export function renewalRef(row: RenewalRow): RenewalRef {
  return {
    eventId: row.eventId,
    patentId: row.patentId,
    name: patentName({
      caseReference: row.caseReference,
      providerId: row.providerId,
      patentId: row.patentId,
    }),
    office: row.office,
    dueDate: row.dueDate,
    annuityYear: row.annuityYear,
    processingStatus: row.processingStatus,
    processingStatusUpdatedAt: row.processingStatusUpdatedAt,
    href: todayLink({ kind: 'renewal', dueDate: row.dueDate, office: row.office }),
    patentHref: todayLink({ kind: 'patent', patentId: row.patentId }),
    ...(row.client ? { client: row.client } : {}),
  };
}

/**
 * Today's rows split by what the service holds: a renewal our open batch holds as scheduled by the
 * service's receipt, and whose copy shows no decision applied, is "scheduled" (with its decision
 * and date), never undecided. Once the copy shows a decision applied, the service has executed it
 * and it is shown as it is everywhere else (the batch settles on its next check).
 */
export function splitScheduled(
  rows: readonly RenewalRow[],
  scheduled: ReadonlyMap<string, ScheduledDecision>,
): { rest: readonly RenewalRow[]; scheduled: ScheduledRef[] } {
  // The same rows and the same scheduled decisions give the same split: kept, so that the rows
  // left stay the same array and Today's buckets built from them are kept too (./buckets.ts).
  const signature = JSON.stringify([...scheduled]);
  if (lastSplit?.rows === rows && lastSplit.signature === signature) return lastSplit.split;
  const split = splitRows(rows, scheduled);
  lastSplit = { rows, signature, split };
  return split;
}

let lastSplit: {
  rows: readonly RenewalRow[];
  signature: string;
  split: { rest: readonly RenewalRow[]; scheduled: ScheduledRef[] };
} | null = null;

function splitRows(
  rows: readonly RenewalRow[],
  scheduled: ReadonlyMap<string, ScheduledDecision>,
): { rest: readonly RenewalRow[]; scheduled: ScheduledRef[] } {
  const rest: RenewalRow[] = [];
  const held: ScheduledRef[] = [];
  for (const row of rows) {
    const decision = row.appliedDecision === null ? scheduled.get(row.eventId) : undefined;
    if (!decision) {
      rest.push(row);
      continue;
    }
    held.push({
      ...renewalRef(row),
      decision: decision.decision,
      scheduledFor: decision.scheduledFor,
      batchHref: todayLink({ kind: 'batch', batchId: decision.batchId }),
    });
  }
  held.sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor) || a.dueDate.localeCompare(b.dueDate));
  // Nothing scheduled among them: the rows themselves, the same array as before.
  return { rest: held.length === 0 ? rows : rest, scheduled: held };
}

/** FULFILLED (the office confirmed) but no invoice line yet: finance expects one (spec: Fees). */
export function fulfilledWithoutInvoice(rows: readonly RenewalRow[]): RenewalRow[] {
  return rows.filter(
    (row) =>
      row.processingStatus === 'FULFILLED' &&
      row.feesStatus !== 'INVOICED' &&
      (row.fees?.invoiceId ?? null) === null,
  );
}

/** An UNPROCESSABLE status older than this is history: whoever had to take it up has had it. */
export const UNPROCESSABLE_RECENT_DAYS = 14;

/**
 * The renewals someone must take up with support now: the office rejected payment or a
 * complication occurred (spec: States, UNPROCESSABLE, terminal; the client contacts support), in
 * the last UNPROCESSABLE_RECENT_DAYS days, or at a time the service does not give. One rule for
 * Today's list and its count and for the "needs attention" notification, so both name the same
 * renewals; older ones stay on the processing board. Instants compared as instants (the service
 * may write another offset than ours, spec: Conventions). Earliest due first.
 */
export function unprocessableNow(rows: readonly RenewalRow[], now: Date): RenewalRow[] {
  const from = now.getTime() - UNPROCESSABLE_RECENT_DAYS * 86_400_000;
  return rows
    .filter(
      (row) =>
        row.processingStatus === 'UNPROCESSABLE' &&
        (row.processingStatusUpdatedAt === null || !(Date.parse(row.processingStatusUpdatedAt) < from)),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/** Estimated fees not yet frozen, per currency, of the renewals due in `month`. */
export function amountAtStake(rows: readonly RenewalRow[], month: string): CurrencyTotal[] {
  return sumByCurrency(
    rows.flatMap((row) =>
      monthOf(row.dueDate) === month &&
      row.fees &&
      row.fees.feesStatus === 'ESTIMATED' &&
      !row.fees.isFxRateFrozen
        ? [{ amount: row.fees.total, currency: row.fees.currency }]
        : [],
    ),
  );
}

/** Invoiced totals (tax included) per currency of invoices issued in `month`. */
export function spendIn(invoices: readonly Invoice[], month: string): CurrencyTotal[] {
  return sumByCurrency(
    invoices.flatMap((invoice) =>
      invoice.issueDate && monthOf(invoice.issueDate) === month
        ? [{ amount: invoice.totalIncludingTax, currency: invoice.currency }]
        : [],
    ),
  );
}

export interface InvoiceFacts {
  invoice: Pick<Invoice, 'id' | 'reference' | 'issueDate' | 'currency' | 'totalIncludingTax'>;
  /** The invoice's client, when the user works for several. */
  client?: ClientRef;
  status: string;
  /** Check counts, or null when the invoice was not checked. */
  counts: { fail: number; warning: number } | null;
}

/**
 * Invoices needing finance: failed checks, warnings, disputed, or still not reconciled
 * UNRECONCILED_AFTER_DAYS after issue. Failures first, then the oldest.
 */
export function invoicesNeedingAttention(facts: readonly InvoiceFacts[], today: string): InvoiceAttention[] {
  const needing: InvoiceAttention[] = [];
  for (const { invoice, client, status, counts } of facts) {
    if (status === 'reconciled') continue;
    const reasons: InvoiceAttention['reasons'] = [];
    if (counts && counts.fail > 0) reasons.push('failed-checks');
    if (counts && counts.warning > 0) reasons.push('warnings');
    if (status === 'disputed') reasons.push('disputed');
    if (invoice.issueDate && daysFrom(invoice.issueDate, today) > UNRECONCILED_AFTER_DAYS)
      reasons.push('unreconciled');
    if (reasons.length === 0) continue;
    needing.push({
      id: invoice.id,
      reference: invoice.reference,
      ...(client ? { client } : {}),
      issueDate: invoice.issueDate,
      currency: invoice.currency,
      total: invoice.totalIncludingTax,
      reasons,
      fails: counts?.fail ?? 0,
      warnings: counts?.warning ?? 0,
      href: todayLink({ kind: 'invoice', invoiceId: invoice.id }),
    });
  }
  const rank = (item: InvoiceAttention) =>
    item.reasons.includes('failed-checks')
      ? 0
      : item.reasons.includes('disputed')
        ? 1
        : item.reasons.includes('warnings')
          ? 2
          : 3;
  return needing.sort(
    (a, b) =>
      rank(a) - rank(b) || (a.issueDate ?? '').localeCompare(b.issueDate ?? '') || a.id.localeCompare(b.id),
  );
}

/** A count on finance's Today and the invoice list that lists exactly those invoices. */
export interface InvoiceCount {
  count: number;
  href: string;
}

/** The reconciliation statuses of an invoice still open (lib/invoices/reconciliation.ts). */
const OPEN_STATUSES = ['unmarked', 'in-progress', 'disputed'] as const;

/**
 * The counts finance's Today shows, each with the invoice list filtered to the same invoices (its
 * status and issue-date filters, lib/invoices/url-state.ts), so the number on Today is the number
 * of rows its link lists: every invoice not reconciled; those still not reconciled
 * UNRECONCILED_AFTER_DAYS after issue (issued on or before the date the link names); the disputed.
 */
export function financeCounts(
  open: readonly Pick<InvoiceFacts, 'invoice' | 'status'>[],
  today: string,
): { notReconciled: InvoiceCount; overdue: InvoiceCount; disputed: InvoiceCount } {
  const stillOpen = open.filter((fact) => (OPEN_STATUSES as readonly string[]).includes(fact.status));
  const overdueTo = addDays(today, -(UNRECONCILED_AFTER_DAYS + 1));
  return {
    notReconciled: {
      count: stillOpen.length,
      href: todayLink({ kind: 'invoices', status: [...OPEN_STATUSES] }),
    },
    overdue: {
      count: stillOpen.filter(
        (fact) => fact.invoice.issueDate !== null && fact.invoice.issueDate <= overdueTo,
      ).length,
      href: todayLink({ kind: 'invoices', status: [...OPEN_STATUSES], to: overdueTo }),
    },
    disputed: {
      count: stillOpen.filter((fact) => fact.status === 'disputed').length,
      href: todayLink({ kind: 'invoices', status: ['disputed'] }),
    },
  };
}

/** Renewals whose processing status moved after `since` (a visit's instant). */
export function statusMovesSince(rows: readonly RenewalRow[], since: string): RenewalRow[] {
  const after = Date.parse(since);
  const at = (row: RenewalRow) =>
    row.processingStatusUpdatedAt ? Date.parse(row.processingStatusUpdatedAt) : Number.NaN;
  // Instants compared as instants: the service may write another offset than ours (spec: Conventions).
  return rows.filter((row) => at(row) > after).sort((a, b) => at(b) - at(a));
}
