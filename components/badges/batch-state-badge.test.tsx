import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BatchStateBadge } from './batch-state-badge';

describe('BatchStateBadge', () => {
  it('says a batch whose pending renewals the service all scheduled is scheduled, not being checked', () => {
    expect(renderToString(<BatchStateBadge state="outcome_unknown" scheduled />)).toContain(
      'Scheduled at the service',
    );
    // Without a schedule for each, the answer is still awaited.
    expect(renderToString(<BatchStateBadge state="outcome_unknown" />)).toContain(
      'Checking with the service',
    );
    // A settled batch says what happened, whatever was scheduled on the way.
    expect(renderToString(<BatchStateBadge state="executed" scheduled />)).toContain('Executed');
  });
});
