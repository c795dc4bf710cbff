import { describe, expect, it } from 'vitest';
import { dueWindows } from './events';

describe('the due dates an invoice line can have', () => {
  it('spans 18 months before the issue month to the end of the second month after it', () => {
    expect(dueWindows(['2026-11-03'])).toEqual([
      { from: '2025-05-01', to: '2026-05-01' },
      { from: '2026-05-02', to: '2027-01-31' },
    ]);
  });

  it('merges the spans of nearby issue dates and cuts them into windows of at most a year', () => {
    const windows = dueWindows(['2026-11-03', '2026-10-20', '2026-11-03', '2025-06-01']);
    expect(windows[0]?.from).toBe('2023-12-01');
    expect(windows.at(-1)?.to).toBe('2027-01-31');
    for (const dueWindow of windows) {
      const days = (Date.parse(dueWindow.to) - Date.parse(dueWindow.from)) / 86_400_000 + 1;
      expect(days).toBeLessThanOrEqual(366);
    }
    // Contiguous: each window starts the day after the previous one ends.
    for (let index = 1; index < windows.length; index++) {
      const previous = windows[index - 1]?.to as string;
      const next = new Date(Date.parse(previous) + 86_400_000).toISOString().slice(0, 10);
      expect(windows[index]?.from).toBe(next);
    }
  });

  it('leaves out the months no line can fall in between distant issue dates', () => {
    const windows = dueWindows(['2026-11-03', '2024-01-05']);
    expect(windows.some((w) => w.from <= '2024-06-01' && w.to >= '2024-06-01')).toBe(false);
    expect(windows[0]).toEqual({ from: '2022-07-01', to: '2023-07-01' });
  });
});
