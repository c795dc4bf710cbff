import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DuePeriodBadge } from './due-period-badge';

const html = (duePeriod: string, appliedDecision: string | null, processingStatus: string) =>
  renderToString(<DuePeriodBadge row={{ duePeriod, appliedDecision, processingStatus }} />).replaceAll(
    '<!-- -->',
    '',
  );

describe('the due period badge', () => {
  it('shows a fulfilled renewal past its grace end as a passed due date with its state, not a red lapse', () => {
    const fulfilled = html('LAPSED', 'PROCEED', 'FULFILLED');
    expect(fulfilled).toContain('Due date passed');
    expect(fulfilled).toContain('Proceed · Fulfilled');
    expect(fulfilled).not.toContain('text-destructive');
    expect(html('LAPSED', null, 'NOT_INSTRUCTED')).toContain('text-destructive');
  });

  it('explains LATE on the badge, to the eye and to screen readers', () => {
    const late = html('LATE', null, 'NOT_INSTRUCTED');
    expect(late).toMatch(/title="Late is the service’s last month before the due date/);
    expect(late).toContain('<span class="sr-only">. Late is the service’s last month');
    expect(late).toContain('Due date not passed yet');
  });
});
