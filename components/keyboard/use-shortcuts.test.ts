import { describe, expect, it } from 'vitest';
import { activeActions } from './use-shortcuts';

const named = (name: string) => () => name === '' || undefined;

describe('which binding a key runs', () => {
  it("the dashboard's keys work on every page, and a page's own binding of a key wins over them", () => {
    const site = { map: { current: { '?': named('site help'), 'g t': named('today') } }, fallback: true };
    const monthView = { map: { current: { '?': named('month help'), j: named('next') } }, fallback: false };
    // Registered in either order, the page's "?" is the one that runs.
    for (const entries of [
      [site, monthView],
      [monthView, site],
    ]) {
      const actions = activeActions(entries);
      expect(actions.get('?')).toBe(monthView.map.current['?']);
      expect(actions.get('g t')).toBe(site.map.current['g t']);
      expect(actions.get('j')).toBe(monthView.map.current.j);
    }
    // Outside the month view the dashboard's "?" answers.
    expect(activeActions([site]).get('?')).toBe(site.map.current['?']);
  });
});
