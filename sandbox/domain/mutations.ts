import type { Decision, KnownProcessingStatus } from '../../lib/annuity/schemas';
import type { InvoiceData } from './model';

/**
 * The changes the service persists, in the plain-data form the store writes and replays. Each one
 * is applied to the in-memory state by exactly one function of TenantState, whether it comes from a
 * request, from the store at start-up, or from the generator building a tenant's history.
 */

interface InstructionData {
  id: string;
  eventId: string;
  decision: Decision;
  executedAt: string;
}

/** One executed POST /patent-instructions: its receipt, its decisions and the invoices it raised. */
export interface InstructionBatch {
  receipt: { id: string; number: number; reference: string; issueDate: string; createdAt: string };
  instructions: InstructionData[];
  invoices: InvoiceData[];
}

/** A processing-status move, as the office (or the operator standing in for it) reports it. */
export interface ProgressMove {
  eventId: string;
  status: KnownProcessingStatus;
  at: string;
  officialReceipt: { number: string; recordedAt: string } | null;
}

export interface FreezeData {
  yearMonth: string;
  rates: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}
