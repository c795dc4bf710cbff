import { describe, expect, it } from 'vitest';
import { approvalConfirmation, droppedNames } from './approval-confirmation';
import { batchItem, batchView } from './batch-testing';

describe('approving a batch that drops a patent', () => {
  it('names the dropped patent, by its provider id when it has no case reference', () => {
    const batch = batchView({
      items: [
        batchItem({ eventId: 'e-1', decision: 'PROCEED' }),
        batchItem({ eventId: 'e-2', decision: 'DROP', caseReference: null, providerId: 'US-123' }),
      ],
    });
    expect(droppedNames(batch)).toEqual(['US-123']);
    expect(approvalConfirmation(droppedNames(batch))).toEqual({
      title: 'Approve dropping US-123?',
      confirm: 'Approve and drop US-123',
    });
  });

  it('counts several dropped patents', () => {
    expect(approvalConfirmation(['CASE-1', 'CASE-2'])?.confirm).toBe('Approve and drop 2 patents');
  });

  it('asks nothing more when nothing is dropped', () => {
    expect(approvalConfirmation(droppedNames(batchView()))).toBeNull();
  });
});
