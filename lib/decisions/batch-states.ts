/**
 * The life of one instruction batch, from the user's draft to its receipt (spec: Endpoints 10,
 * Instruction rules, Errors). Browser-safe: the pages label these states, and the server's
 * batch machine (lib/server/decisions/batch-machine.ts) refuses any move this table does not list.
 *
 *   draft ─claim─► preparing ─► posting ─► executed
 *     │               ▲
 *     └─submit─► awaiting approval ─return─► returned   (maker-checker)
 *                     (approve ─► preparing, by a manager who did not prepare it)
 *                     │            ├─────► rejected
 *                     │            ├─────► outcome unknown ─► settled (or executed, all applied)
 *                     │            │         (checking with the service) ─resend─► posting
 *                     │            └─────► settled
 *                     ├──► rejected  (the re-read says the service would refuse; or never posted)
 *                     └──► settled   (every decision already in place at the service)
 *
 * The values are what `instruction_batch.state` stores; they predate these names, so "settled"
 * is stored as 'reconciled' and existing rows need no migration.
 */
export const BATCH_STATE = {
  /** The decisions are in their author's draft; no batch record exists yet. */
  draft: 'draft',
  /**
   * The record is written (the idempotency key is claimed) but the approval policy wants a second
   * person: nothing leaves until a manager other than its author approves it.
   */
  awaitingApproval: 'awaiting_approval',
  /** An approver sent it back with a reason: nothing was sent; the decisions are back in the draft. */
  returned: 'returned',
  /** The record is written (the idempotency key is claimed); the events are being re-read. */
  preparing: 'preparing',
  /** The POST has left, or is about to: the service may act at any moment from here on. */
  posting: 'posting',
  /** The service answered with a receipt: every decision was executed. */
  executed: 'executed',
  /** Nothing was executed: refused by the service, by our re-read, or never posted. */
  rejected: 'rejected',
  /**
   * "Checking with the service": no usable answer to the POST (a time-out, a 5xx, a lost answer),
   * so the service may or may not have acted. Also a receipt whose instructions are not all
   * EXECUTED (a deferred mode, spec: Instruction) for renewals not yet seen applied. Each renewal
   * settles when the service shows it; one it still shows undecided stays "not confirmed" until
   * the same batch is sent again (→ posting, under its own record) or the waiting time is over.
   */
  outcomeUnknown: 'outcome_unknown',
  /** The outcome was established by reading the events (after no answer, or all already done). */
  settled: 'reconciled',
} as const;

export type BatchPhase = (typeof BATCH_STATE)[keyof typeof BATCH_STATE];
/** A state a batch record can be stored in (every phase but the draft). */
export type BatchState = Exclude<BatchPhase, 'draft'>;

const S = BATCH_STATE;

const BATCH_TRANSITIONS: Readonly<Record<BatchPhase, readonly BatchState[]>> = {
  [S.draft]: [S.preparing, S.awaitingApproval],
  // Approving is the move to preparing: it happens once (a compare-and-set), whoever clicks.
  [S.awaitingApproval]: [S.preparing, S.returned],
  [S.returned]: [],
  [S.preparing]: [S.posting, S.rejected, S.settled],
  [S.posting]: [S.executed, S.rejected, S.outcomeUnknown, S.settled],
  // Sending the same batch again (spec: Errors, 409 after a retry means done): one send at a time.
  // Executed: the check found every decision applied, the batch it was sent in is executed.
  [S.outcomeUnknown]: [S.settled, S.executed, S.posting],
  [S.executed]: [],
  [S.rejected]: [],
  [S.settled]: [],
};

export function canMove(from: BatchPhase, to: BatchState): boolean {
  return BATCH_TRANSITIONS[from].includes(to);
}

/** Every state a record can be stored in (the column's values). */
export const BATCH_STATES = [
  S.preparing,
  S.posting,
  S.executed,
  S.rejected,
  S.outcomeUnknown,
  S.settled,
  S.awaitingApproval,
  S.returned,
] as const satisfies readonly BatchState[];

/**
 * Whether the outcome is still open: a record left so by a stopped process is settled later by
 * reading its events (lib/server/decisions/reconcile.ts). A batch awaiting approval is not: it has
 * not left, and only an approver moves it on.
 */
export function isOpen(state: BatchState): boolean {
  return state !== S.awaitingApproval && BATCH_TRANSITIONS[state].length > 0;
}

export const OPEN_BATCH_STATES: readonly BatchState[] = BATCH_STATES.filter(isOpen);
