import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WindowPicker } from './window-picker';

const picker = (from: string, to: string) =>
  renderToString(
    <WindowPicker dueWindow={{ kind: 'range', from, to }} onChange={() => undefined} />,
  ).replaceAll('<!-- -->', '');

describe('the due date range', () => {
  it('says why "Show range" is disabled when the end is before the start, and ties it to the button', () => {
    const html = picker('2026-06-30', '2026-06-01');
    expect(html).toContain('The end date is before the start date');
    const problemId = /<p id="([^"]+)" role="status"/.exec(html)?.[1];
    expect(problemId).toBeDefined();
    expect(html).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*aria-describedby="${problemId}"`));
  });

  it('says nothing for a range in order', () => {
    const html = picker('2026-06-01', '2026-06-30');
    expect(html).not.toContain('role="status"');
    // No reason tied to the button (it is disabled in any server render, until the page hydrates).
    expect(html).not.toMatch(/<button[^>]*aria-describedby=/);
  });
});
