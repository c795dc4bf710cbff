import { describe, expect, it } from 'vitest';
import { type ApprovalPolicy, DEFAULT_APPROVAL_POLICY } from './approval-policy';
import { splitForApproval } from './approval-split';
import type { DraftEntry } from './draft';

const decided = (
  eventId: string,
  decision: DraftEntry['decision'],
  amount: string,
): Pick<DraftEntry, 'eventId' | 'decision' | 'estimate'> => ({
  eventId,
  decision,
  estimate: { amount, serviceFee: '50.00', currency: 'EUR', fxFrozen: false },
});

const ids = (entries: readonly { eventId: string }[]) => entries.map((entry) => entry.eventId);

describe('sending what needs no approval now, the rest for approval', () => {
  it('one DROP does not hold four urgent PROCEEDs', () => {
    const split = splitForApproval(DEFAULT_APPROVAL_POLICY, [
      decided('p1', 'PROCEED', '400.00'),
      decided('d1', 'DROP', '10.00'),
      decided('p2', 'PROCEED', '500.00'),
      decided('p3', 'PROCEED', '600.00'),
      decided('p4', 'PROCEED', '700.00'),
    ]);
    expect(split && ids(split.now)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(split && ids(split.held)).toEqual(['d1']);
  });

  it('has nothing to split when nothing, or everything, needs approval', () => {
    expect(splitForApproval(DEFAULT_APPROVAL_POLICY, [decided('p1', 'PROCEED', '400.00')])).toBeNull();
    expect(splitForApproval(DEFAULT_APPROVAL_POLICY, [decided('d1', 'DROP', '10.00')])).toBeNull();
  });

  it('does not split when the part sent now would itself need approval (its batch total)', () => {
    const policy: ApprovalPolicy = {
      ...DEFAULT_APPROVAL_POLICY,
      batchAbove: [{ currency: 'EUR', amount: '1000.00' }],
    };
    expect(
      splitForApproval(policy, [
        decided('p1', 'PROCEED', '600.00'),
        decided('p2', 'PROCEED', '600.00'),
        decided('d1', 'DROP', '10.00'),
      ]),
    ).toBeNull();
  });
});
