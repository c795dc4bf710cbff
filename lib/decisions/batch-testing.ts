import type { BatchView } from './batch';
import { BATCH_STATE } from './batch-states';
import { draftEntry } from './testing';

type BatchItem = BatchView['items'][number];

/** A batch item for tests: a PROCEED of CASE-1, estimated in EUR, not yet executed. */
export function batchItem(overrides: Partial<BatchItem> = {}): BatchItem {
  // The unit tests' draft entry as it is stored in a batch (no title, no offered decisions).
  const { title: _title, allowedDecisions: _allowed, estimate, ...entry } = draftEntry();
  return {
    ...entry,
    paymentSequence: null,
    estimate: estimate && {
      amount: estimate.amount,
      currency: estimate.currency,
      fxFrozen: estimate.fxFrozen,
    },
    outcome: 'pending',
    instructionId: null,
    executedAt: null,
    problemCode: null,
    scheduledFor: null,
    rationale: null,
    ...overrides,
  };
}

/** A batch for tests: one item, awaiting approval, prepared by anna@example.com. */
export function batchView(overrides: Partial<BatchView> = {}): BatchView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    connection: 'default',
    idempotencyKey: 'key-1',
    state: BATCH_STATE.awaitingApproval,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdByEmail: 'anna@example.com',
    createdByUserId: 'u-1',
    postedAt: null,
    settledAt: null,
    eventCount: 1,
    receipt: null,
    problem: null,
    requestId: null,
    upstreamRequestIds: [],
    items: [batchItem()],
    approval: { reasons: [], decidedByEmail: null, decidedAt: null, returnReason: null },
    ...overrides,
  };
}
