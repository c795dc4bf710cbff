import { describe, expect, it } from 'vitest';
import { forecastWindow, inWindow } from './window';

describe('the forecast window', () => {
  it('covers the months from the current one in half-year period-list windows without gap', () => {
    const span = forecastWindow('2026-11', 24);
    expect(span).toMatchObject({ from: '2026-11-01', to: '2028-10-31', lastMonth: '2028-10', months: 24 });
    expect(span.windows).toEqual([
      { from: '2026-11-01', to: '2027-04-30' },
      { from: '2027-05-01', to: '2027-10-31' },
      { from: '2027-11-01', to: '2028-04-30' },
      { from: '2028-05-01', to: '2028-10-31' },
    ]);
  });

  it('ends a window that does not fill half a year at the last month, leap days included', () => {
    const span = forecastWindow('2027-09', 15);
    expect(span.windows.at(-1)).toEqual({ from: '2028-09-01', to: '2028-11-30' });
    expect(forecastWindow('2027-09', 6).windows).toEqual([{ from: '2027-09-01', to: '2028-02-29' }]);
    expect(inWindow('2028-02-29', span)).toBe(true);
    expect(inWindow('2028-12-01', span)).toBe(false);
  });
});
