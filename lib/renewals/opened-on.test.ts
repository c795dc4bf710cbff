import { describe, expect, it } from 'vitest';
import { openedOnText, withOpenedOn } from './opened-on';

describe('why the month view opened on its month', () => {
  it('says why on the month it chose itself', () => {
    const href = withOpenedOn('/renewals?month=2026-05', '2026-05');
    expect(href).toBe('/renewals?month=2026-05&opened=2026-05');
    const search = new URLSearchParams(href.split('?')[1]);
    expect(openedOnText(search, 'en-GB')).toBe(
      'Opened on May 2026: the month with the earliest deadline among renewals waiting for a decision (the current month when none is waiting).',
    );
  });

  it('says nothing once the user moved to another month, or chose the month', () => {
    expect(openedOnText(new URLSearchParams('month=2026-06&opened=2026-05'), 'en-GB')).toBeNull();
    expect(openedOnText(new URLSearchParams('month=2026-05'), 'en-GB')).toBeNull();
    expect(openedOnText(new URLSearchParams('month=2026-05&opened=junk'), 'en-GB')).toBeNull();
  });
});
