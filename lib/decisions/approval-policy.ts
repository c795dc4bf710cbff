import { compareAmounts, sumByCurrency } from '@/lib/annuity/money';
import { calendarToday } from '@/lib/format/dates';
import type { DraftEntry } from './draft';
import { estimatedCost } from './summary';

/**
 * Maker-checker: which batches wait for a manager's approval before they are sent.
 * Browser-safe and zod-free: the review page tells the preparer before they submit, and the
 * server's send path (lib/server/decisions/send.ts) asks the same function, so the rule is one.
 * The form's zod schema is approval-policy.schema.ts.
 */
export interface CurrencyThreshold {
  /** ISO 4217 code, as the service reports fees (spec: Fees). */
  currency: string;
  /** A decimal string (never a float): amounts strictly above it need approval. */
  amount: string;
}

export interface ApprovalPolicy {
  /** DROP has no undo (spec: Instruction rules): by default every DROP waits for a manager. */
  dropRequiresApproval: boolean;
  /** A PROCEED whose estimated total is above the threshold of its currency waits. */
  proceedAbove: CurrencyThreshold[];
  /** A batch whose estimated total in a currency is above that currency's threshold waits. */
  batchAbove: CurrencyThreshold[];
  /**
   * Once amounts are limited (any threshold of that kind), a currency given no threshold follows
   * this default, the administrator's choice: true, its PROCEEDs (and batch totals) wait for a
   * manager; false, they go without. Never silently exempt by omission.
   */
  unlistedCurrencyRequiresApproval: boolean;
}

export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  dropRequiresApproval: true,
  proceedAbove: [],
  batchAbove: [],
  unlistedCurrencyRequiresApproval: true,
};

export type ApprovalReason =
  | { kind: 'drop'; eventId: string }
  /**
   * `amount` null: the estimate is not known, so it cannot be shown to be under the threshold.
   * `threshold` null: its currency has none, and the policy's default wants approval.
   */
  | {
      kind: 'proceed_over';
      eventId: string;
      amount: string | null;
      currency: string;
      threshold: string | null;
    }
  | { kind: 'batch_over'; currency: string; total: string; threshold: string | null };

type Decided = Pick<DraftEntry, 'eventId' | 'decision' | 'estimate'>;

/** Why these decisions need a manager's approval under the policy; empty when they need none. */
export function approvalReasons(policy: ApprovalPolicy, entries: readonly Decided[]): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  const proceedLimit = new Map(policy.proceedAbove.map((t) => [t.currency, t.amount]));
  for (const entry of entries) {
    if (entry.decision === 'DROP' && policy.dropRequiresApproval) {
      reasons.push({ kind: 'drop', eventId: entry.eventId });
      continue;
    }
    if (entry.decision !== 'PROCEED' || proceedLimit.size === 0) continue;
    const currency = entry.estimate?.currency;
    const amount = entry.estimate?.amount ?? null;
    if (!currency) {
      // No estimate at all: the amount may be anything, so a manager looks at it.
      reasons.push({
        kind: 'proceed_over',
        eventId: entry.eventId,
        amount: null,
        currency: '',
        threshold: '',
      });
      continue;
    }
    const threshold = proceedLimit.get(currency);
    if (threshold === undefined) {
      if (policy.unlistedCurrencyRequiresApproval) {
        reasons.push({ kind: 'proceed_over', eventId: entry.eventId, amount, currency, threshold: null });
      }
      continue;
    }
    if (amount === null || compareAmounts(amount, threshold) > 0) {
      reasons.push({ kind: 'proceed_over', eventId: entry.eventId, amount, currency, threshold });
    }
  }
  if (policy.batchAbove.length > 0) {
    const totals = sumByCurrency(
      entries.flatMap((entry) =>
        entry.estimate ? [{ amount: estimatedCost(entry), currency: entry.estimate.currency }] : [],
      ),
    );
    for (const limit of policy.batchAbove) {
      const total = totals.find((t) => t.currency === limit.currency);
      if (total && compareAmounts(total.total, limit.amount) > 0) {
        reasons.push({
          kind: 'batch_over',
          currency: limit.currency,
          total: total.total,
          threshold: limit.amount,
        });
      }
    }
    if (policy.unlistedCurrencyRequiresApproval) {
      const listed = new Set(policy.batchAbove.map((limit) => limit.currency));
      for (const total of totals) {
        if (listed.has(total.currency) || compareAmounts(total.total, '0') <= 0) continue;
        reasons.push({ kind: 'batch_over', currency: total.currency, total: total.total, threshold: null });
      }
    }
  }
  return reasons;
}

/** One line per reason, for the review page, the approvals list and the problem+json. */
export function describeApprovalReason(
  reason: ApprovalReason,
  patentOf: (eventId: string) => string,
): string {
  switch (reason.kind) {
    case 'drop':
      return `Drop of ${patentOf(reason.eventId)}: a drop cannot be undone.`;
    case 'proceed_over':
      if (reason.amount === null)
        return `Proceed with ${patentOf(reason.eventId)}: its cost is not known yet.`;
      return reason.threshold === null
        ? `Proceed with ${patentOf(reason.eventId)}: ${reason.amount} ${reason.currency}, a currency with no threshold, and the policy has such amounts approved.`
        : `Proceed with ${patentOf(reason.eventId)}: ${reason.amount} ${reason.currency} is above ${reason.threshold} ${reason.currency}.`;
    case 'batch_over':
      return reason.threshold === null
        ? `Batch total ${reason.total} ${reason.currency}: a currency with no threshold, and the policy has such totals approved.`
        : `Batch total ${reason.total} ${reason.currency} is above ${reason.threshold} ${reason.currency}.`;
    default:
      return 'Needs approval.';
  }
}

/**
 * The renewals of a waiting batch whose due date has passed while it waits: flagged
 * for the approver and the preparer, since waiting longer may cost a grace surcharge or the right.
 */
export function deadlinesPassed(
  batch: { items: readonly { eventId: string; dueDate: string | null }[] },
  today = calendarToday(),
): string[] {
  return batch.items.flatMap((item) => (item.dueDate && item.dueDate < today ? [item.eventId] : []));
}
