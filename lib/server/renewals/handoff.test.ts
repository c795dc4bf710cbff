import { describe, expect, it } from 'vitest';
import { HANDOFF_TTL_MS, keepForHandoff, readHandoff, takeHandoff } from './handoff';

describe('handing a page’s rest to its browser', () => {
  it('gives the kept value once, to the same user and kind only', () => {
    const id = keepForHandoff('month', 'u1', { rows: [1, 2, 3] });
    expect(takeHandoff('month', 'u2', id)).toBeNull();
    expect(takeHandoff('today', 'u1', id)).toBeNull();
    expect(takeHandoff('month', 'u1', id)).toEqual({ rows: [1, 2, 3] });
    expect(takeHandoff('month', 'u1', id)).toBeNull();
  });

  it('can leave a value in place for later asks of the same page', () => {
    const id = keepForHandoff('today', 'u1', 'items');
    expect(readHandoff('today', 'u1', id)).toBe('items');
    expect(readHandoff('today', 'u1', id)).toBe('items');
    expect(readHandoff('today', 'u2', id)).toBeNull();
  });

  it('forgets a value after its time', () => {
    const now = Date.now();
    const id = keepForHandoff('month', 'u1', 'rows', HANDOFF_TTL_MS, now);
    expect(takeHandoff('month', 'u1', id, now + HANDOFF_TTL_MS + 1)).toBeNull();
    const longer = keepForHandoff('today', 'u1', 'items', 10 * HANDOFF_TTL_MS, now);
    expect(takeHandoff('today', 'u1', longer, now + 2 * HANDOFF_TTL_MS)).toBe('items');
  });

  it('keeps at most a few dozen values, dropping the oldest', () => {
    const first = keepForHandoff('month', 'u1', 'first');
    for (let n = 0; n < 40; n++) keepForHandoff('month', 'u1', n);
    expect(takeHandoff('month', 'u1', first)).toBeNull();
  });
});
