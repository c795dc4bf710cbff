import { describe, expect, it } from 'vitest';
import { BATCH_STATE } from './batch-states';
import { batchView } from './batch-testing';
import { describeBatchTimes, sentAt } from './batch-timing';

const iso = (timestamp: string) => timestamp;

describe('when a batch was sent', () => {
  it('an approved batch was sent when it was posted, hours after it was prepared', () => {
    const batch = batchView({
      state: BATCH_STATE.executed,
      createdAt: '2026-11-20T09:00:00.000Z',
      postedAt: '2026-11-20T14:30:00.000Z',
    });
    expect(sentAt(batch)).toBe('2026-11-20T14:30:00.000Z');
    expect(describeBatchTimes(batch, iso)).toBe(
      'Sent 2026-11-20T14:30:00.000Z, on approval; prepared 2026-11-20T09:00:00.000Z by anna@example.com',
    );
  });

  it('a batch sent at once, without approval, names one time', () => {
    const batch = batchView({
      state: BATCH_STATE.executed,
      createdAt: '2026-11-20T09:00:00.000Z',
      postedAt: '2026-11-20T09:00:00.200Z',
      approval: null,
    });
    const minute = (timestamp: string) => timestamp.slice(0, 16);
    expect(describeBatchTimes(batch, minute)).toBe('Sent 2026-11-20T09:00 by anna@example.com');
  });

  it('a batch waiting for approval, or sent back, is never said to be sent', () => {
    expect(sentAt(batchView())).toBeNull();
    expect(describeBatchTimes(batchView(), iso)).toBe(
      'Prepared 2026-11-20T09:00:00.000Z by anna@example.com, not sent yet: it waits for approval',
    );
    expect(describeBatchTimes(batchView({ state: BATCH_STATE.returned }), iso)).toMatch(/never sent/);
  });
});
