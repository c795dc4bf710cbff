import type { ApprovalReason } from './approval-policy';
import type { BatchState } from './batch-states';
import type { EventProblem } from './event-problems';

/** An instruction batch as the pages and our API show it (the server's records, lib/server/decisions). */
export type ItemOutcome = 'pending' | 'executed' | 'not_executed';

export interface BatchProblem {
  status: number;
  code: string;
  title: string;
  detail: string;
  requiredScope?: string;
  retryAfterSeconds?: number;
  /** A batch refused for its size: the largest part the service's refusal suggests (spec: Limits 4). */
  maxBatchSize?: number;
  events: EventProblem[];
}

interface BatchItemView {
  eventId: string;
  patentId: string;
  decision: string;
  caseReference: string | null;
  providerId: string | null;
  office: string | null;
  dueDate: string | null;
  annuityYear: number | null;
  /** spec: Patent event — only when it differs from the annuity year; null in older batches. */
  paymentSequence: number | null;
  estimate: { amount: string | null; currency: string; fxFrozen: boolean } | null;
  outcome: ItemOutcome;
  instructionId: string | null;
  executedAt: string | null;
  problemCode: string | null;
  /**
   * Set while the service holds it accepted but not executed: the date its receipt schedules it
   * for (./scheduled.ts); null otherwise.
   */
  scheduledFor: string | null;
  /** Why this decision was taken (required for DROP); null for batches before it. */
  rationale: string | null;
}

/** The approval a batch waited for, when the policy wanted one. */
interface BatchApproval {
  reasons: ApprovalReason[];
  /** The manager who approved or sent it back (null while it waits). */
  decidedByEmail: string | null;
  decidedAt: string | null;
  /** Set when it was sent back. */
  returnReason: string | null;
}

export interface BatchView {
  id: string;
  /** The client the batch was sent for, with its key (spec: Authentication 1, one key per client). */
  connection: string;
  idempotencyKey: string;
  state: BatchState;
  createdAt: string;
  createdByEmail: string | null;
  /** The preparer: an approver may not approve their own batch. */
  createdByUserId: string | null;
  postedAt: string | null;
  settledAt: string | null;
  eventCount: number;
  receipt: { number: number; reference: string; issueDate: string } | null;
  problem: BatchProblem | null;
  requestId: string | null;
  upstreamRequestIds: string[];
  items: BatchItemView[];
  /** Null when no approval was needed. */
  approval: BatchApproval | null;
}
