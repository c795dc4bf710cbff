import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ProblemPanel } from './problem-panel';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

describe('a problem panel', () => {
  it('looks again by itself while the server is still reading the data from the service', () => {
    const html = renderToString(
      <ProblemPanel
        problem={{
          title: 'Still reading these renewals',
          detail: 'The renewals due in April 2031 are still being read from the renewal service.',
          code: 'copy_month_still_reading',
        }}
      />,
    );
    expect(html).toContain('Still reading these renewals');
    expect(html).toContain('Try again now');
    expect(html).toMatch(/role="status"[^>]*>Looking again every few seconds…/);
    // A read still going is no failure: said in a neutral tone, never as an alert.
    expect(html).not.toContain('role="alert"');
  });

  it('offers no looking again for a problem a retry does not change', () => {
    const html = renderToString(
      <ProblemPanel problem={{ title: 'The service refused the key', code: 'upstream_key_invalid' }} />,
    );
    expect(html).not.toContain('Try again now');
    expect(html).not.toContain('Looking again');
  });
});
