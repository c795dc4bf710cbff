import { describe, expect, it } from 'vitest';
import {
  type ApprovalPolicy,
  approvalReasons,
  DEFAULT_APPROVAL_POLICY,
  deadlinesPassed,
} from './approval-policy';
import type { DraftEntry } from './draft';

const decided = (
  eventId: string,
  decision: DraftEntry['decision'],
  amount: string | null,
  currency = 'EUR',
  serviceFee: string | null = '50.00',
): Pick<DraftEntry, 'eventId' | 'decision' | 'estimate'> => ({
  eventId,
  decision,
  estimate: { amount, serviceFee, currency, fxFrozen: false },
});

const policy = (overrides: Partial<ApprovalPolicy>): ApprovalPolicy => ({
  ...DEFAULT_APPROVAL_POLICY,
  ...overrides,
});

describe('which batches wait for approval', () => {
  it('holds every DROP by default and nothing else', () => {
    expect(
      approvalReasons(DEFAULT_APPROVAL_POLICY, [
        decided('a', 'PROCEED', '99999.00'),
        decided('b', 'DROP', '10.00'),
      ]),
    ).toEqual([{ kind: 'drop', eventId: 'b' }]);
    expect(approvalReasons(policy({ dropRequiresApproval: false }), [decided('b', 'DROP', '10.00')])).toEqual(
      [],
    );
  });

  it('holds a PROCEED strictly above its own currency threshold, and one whose cost is unknown', () => {
    const rules = policy({ proceedAbove: [{ currency: 'EUR', amount: '1000' }] });
    expect(approvalReasons(rules, [decided('at', 'PROCEED', '1000.00')])).toEqual([]);
    expect(approvalReasons(rules, [decided('over', 'PROCEED', '1000.01')])).toEqual([
      { kind: 'proceed_over', eventId: 'over', amount: '1000.01', currency: 'EUR', threshold: '1000' },
    ]);
    // Another currency has no threshold: amounts are never compared across currencies, and it
    // follows the default the administrator chose (needs approval by default, never silently exempt).
    expect(approvalReasons(rules, [decided('usd', 'PROCEED', '5000.00', 'USD')])).toEqual([
      { kind: 'proceed_over', eventId: 'usd', amount: '5000.00', currency: 'USD', threshold: null },
    ]);
    expect(
      approvalReasons({ ...rules, unlistedCurrencyRequiresApproval: false }, [
        decided('usd', 'PROCEED', '5000.00', 'USD'),
      ]),
    ).toEqual([]);
    expect(approvalReasons(rules, [decided('unknown', 'PROCEED', null)])).toHaveLength(1);
  });

  it('holds a batch whose total in a currency is above that currency’s threshold (skips count their service fee)', () => {
    const rules = policy({ dropRequiresApproval: false, batchAbove: [{ currency: 'EUR', amount: '1000' }] });
    const entries = [
      decided('a', 'PROCEED', '900.00'),
      decided('b', 'SKIP_THIS_TIME', '800.00', 'EUR', '50.00'),
    ];
    expect(approvalReasons(rules, entries)).toEqual([]);
    expect(approvalReasons(rules, [...entries, decided('c', 'PROCEED', '100.00')])).toEqual([
      { kind: 'batch_over', currency: 'EUR', total: '1050.00', threshold: '1000' },
    ]);
  });

  it('flags the renewals whose due date passed while the batch waits', () => {
    const batch = {
      items: [
        { eventId: 'past', dueDate: '2026-03-01' },
        { eventId: 'today', dueDate: '2026-03-02' },
        { eventId: 'none', dueDate: null },
      ],
    };
    expect(deadlinesPassed(batch, '2026-03-02')).toEqual(['past']);
  });
});
