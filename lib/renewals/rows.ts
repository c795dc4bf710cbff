import type { FeeComponent, Instructability, PatentEvent } from '@/lib/annuity/schemas';
import type { ClientRef } from '@/lib/clients/chosen-client';

/**
 * One renewal as the month view, the exports and the decision form see it: the service's event
 * joined to the patent fields it lacks (spec: Patent event — "the event carries no office").
 * Pure, shared by the server (which builds rows) and the browser (which filters and sorts them).
 */
export interface RenewalPatent {
  providerId: string | null;
  clientCaseReference: string | null;
  clientFamilyReference: string | null;
  title: string | null;
  office: string | null;
  owner: string | null;
}

export interface RowFees {
  currency: string;
  total: string | null;
  components: FeeComponent[];
  feesStatus: string;
  isFxRateFrozen: boolean;
  invoiceId: string | null;
}

export interface RenewalRow {
  eventId: string;
  patentId: string;
  providerId: string | null;
  caseReference: string | null;
  family: string | null;
  title: string | null;
  /** null when the patent is not known to the snapshot (yet). */
  office: string | null;
  owner: string | null;
  annuityYear: number | null;
  /** Only when it differs from the annuity year (spec: Patent event, renewal). */
  paymentSequence: number | null;
  dueDate: string;
  gracePeriodEndDate: string | null;
  duePeriod: string | null;
  /** Exactly as the service computed it; null when the service sent none. Never inferred. */
  instructability: Instructability | null;
  appliedDecision: string | null;
  processingStatus: string | null;
  processingStatusUpdatedAt: string | null;
  feesStatus: string | null;
  isFxRateFrozen: boolean;
  fees: RowFees | null;
  /**
   * The keep score (0–100, lib/signals/keep-score.ts), set by the month view's server from our
   * database; absent where a list does not compute it, null when it could not be scored.
   */
  keepScore?: number | null;
  /** "Under review by Ann until 2027-01-15" while an open review hold names the renewal (the month view's server). */
  underReview?: string | null;
  /** The patent's tags and its family's (lib/server/tags), set by the month view's server. */
  tags?: string[];
  /**
   * The client the renewal belongs to (spec: Authentication 1), set only when the user works for
   * several clients (lib/server/clients/client-filter.ts clientLabel): rows then say whose they are.
   */
  client?: ClientRef;
}

/** Renewal lists show renewals only: events of kinds added later are left out (spec: Patent event). */
export function isRenewalEvent(event: Pick<PatentEvent, 'eventType'>): boolean {
  return event.eventType === 'RENEWAL';
}

export function toRenewalRow(event: PatentEvent, patent: RenewalPatent | undefined): RenewalRow {
  return {
    eventId: event.id,
    patentId: event.patent.id,
    providerId: event.patent.providerId ?? patent?.providerId ?? null,
    caseReference: patent?.clientCaseReference ?? null,
    family: patent?.clientFamilyReference ?? null,
    title: patent?.title ?? null,
    office: patent?.office ?? null,
    owner: patent?.owner ?? null,
    annuityYear: event.renewal?.annuityYear ?? null,
    paymentSequence: event.renewal?.paymentSequenceNumber ?? null,
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    duePeriod: event.duePeriod,
    instructability: event.instructability ?? null,
    appliedDecision: event.appliedDecision,
    processingStatus: event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
    feesStatus: event.fees?.feesStatus ?? event.feesStatus,
    isFxRateFrozen: event.fees?.isFxRateFrozen ?? event.isFxRateFrozen,
    fees: event.fees
      ? {
          currency: event.fees.currency,
          total: event.fees.total,
          components: event.fees.components,
          feesStatus: event.fees.feesStatus,
          isFxRateFrozen: event.fees.isFxRateFrozen,
          invoiceId: event.fees.invoiceId,
        }
      : null,
  };
}
