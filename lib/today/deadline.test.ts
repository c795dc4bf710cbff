import { describe, expect, it } from 'vitest';
import { allowed, blocked, renewalRow } from '@/lib/renewals/testing';
import { decisionDeadline } from './deadline';

describe('decisionDeadline', () => {
  const row = renewalRow({
    dueDate: '2026-06-01',
    gracePeriodEndDate: '2026-12-01',
    instructability: allowed(),
  });

  it('is the due date until it passes, the due day included', () => {
    expect(decisionDeadline(row, '2026-06-01')).toBe('2026-06-01');
  });
  it('is the grace end in grace, the last day included', () => {
    expect(decisionDeadline(row, '2026-06-02')).toBe('2026-12-01');
    expect(decisionDeadline(row, '2026-12-01')).toBe('2026-12-01');
  });
  it('is null once lapsed, without grace, or when the service accepts no decision', () => {
    expect(decisionDeadline(row, '2026-12-02')).toBeNull();
    expect(decisionDeadline({ ...row, gracePeriodEndDate: null }, '2026-06-02')).toBeNull();
    expect(
      decisionDeadline({ ...row, instructability: blocked('EARLIER_EVENT_PENDING') }, '2026-06-01'),
    ).toBeNull();
  });
});
