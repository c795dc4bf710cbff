import { describe, expect, it } from 'vitest';
import { BATCH_STATES, canMove, isOpen, OPEN_BATCH_STATES, BATCH_STATE as S } from './batch-states';

describe('the batch states', () => {
  it('keep the values existing rows store', () => {
    expect(BATCH_STATES).toEqual([
      'preparing',
      'posting',
      'executed',
      'rejected',
      'outcome_unknown',
      'reconciled',
      'awaiting_approval',
      'returned',
    ]);
    expect(S.settled).toBe('reconciled');
  });

  it('go from the draft to a final state only through the listed moves', () => {
    expect(canMove(S.draft, S.preparing)).toBe(true);
    expect(canMove(S.draft, S.posting)).toBe(false);
    expect(canMove(S.preparing, S.posting)).toBe(true);
    // Nothing is executed without posting first.
    expect(canMove(S.preparing, S.executed)).toBe(false);
    expect(canMove(S.preparing, S.outcomeUnknown)).toBe(false);
    expect(canMove(S.posting, S.executed)).toBe(true);
    expect(canMove(S.posting, S.outcomeUnknown)).toBe(true);
    // An unknown outcome is settled from the events, never called refused: the service may have acted.
    expect(canMove(S.outcomeUnknown, S.settled)).toBe(true);
    expect(canMove(S.outcomeUnknown, S.rejected)).toBe(false);
    // Executed only when the events show every decision applied (never refused: it may have acted).
    expect(canMove(S.outcomeUnknown, S.executed)).toBe(true);
    // Sending the same batch again goes through posting, like its first send.
    expect(canMove(S.outcomeUnknown, S.posting)).toBe(true);
  });

  it('leave awaiting approval only by approval (to preparing) or by being sent back', () => {
    expect(canMove(S.draft, S.awaitingApproval)).toBe(true);
    expect(canMove(S.awaitingApproval, S.preparing)).toBe(true);
    expect(canMove(S.awaitingApproval, S.returned)).toBe(true);
    // Never posted without passing through preparing (the re-read) first.
    expect(canMove(S.awaitingApproval, S.posting)).toBe(false);
    expect(canMove(S.awaitingApproval, S.executed)).toBe(false);
    expect(isOpen(S.awaitingApproval)).toBe(false);
  });

  it('never leave a final state', () => {
    for (const final of [S.executed, S.rejected, S.settled, S.returned]) {
      for (const to of BATCH_STATES) expect(canMove(final, to)).toBe(false);
      expect(isOpen(final)).toBe(false);
    }
  });

  it('call open those a reconciliation may still settle', () => {
    expect(OPEN_BATCH_STATES).toEqual([S.preparing, S.posting, S.outcomeUnknown]);
  });
});
