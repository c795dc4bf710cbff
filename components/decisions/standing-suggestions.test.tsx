import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DraftEntry } from '@/lib/decisions/draft';
import {
  STANDING_INSTRUCTIONS_QUERY_KEY,
  type StandingInstruction,
} from '@/lib/decisions/standing-instructions';
import { draftEntry } from '@/lib/decisions/testing';
import type { RenewalRow } from '@/lib/renewals/rows';
import { blocked, renewalRow } from '@/lib/renewals/testing';
import { DecisionCell } from './decision-cells';
import { DecisionProvider } from './decision-context';
import { StandingSuggestions } from './standing-suggestions';
import { draftOf } from './testing';

const instruction = (overrides: Partial<StandingInstruction>): StandingInstruction => ({
  id: 'si-1',
  connection: 'default',
  scope: 'patent',
  target: 'p-1',
  instruction: 'renew',
  reason: null,
  setByEmail: 'anna@example.com',
  setAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

function render(
  instructions: StandingInstruction[],
  entries: DraftEntry[] = [],
  row: RenewalRow = renewalRow(),
) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(STANDING_INSTRUCTIONS_QUERY_KEY, { instructions });
  const draft = draftOf(entries);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <DecisionProvider
        value={{
          draft,
          selected: new Set(),
          toggleSelected: () => undefined,
          shownRows: [row],
          selectShown: () => undefined,
          cursorId: null,
        }}
      >
        <StandingSuggestions rows={[row]} draft={draft} onMessage={() => undefined}>
          <DecisionCell row={row} />
        </StandingSuggestions>
      </DecisionProvider>
    </QueryClientProvider>,
  );
  return html.replaceAll('<!-- -->', '');
}

describe('standing instructions in the month view', () => {
  it('shows a suggestion beside an undecided row, marked as such, and leaves the decision empty', () => {
    const html = render([instruction({})]);
    expect(html).toContain(
      'Suggested: Proceed — standing instruction: Renew every year, set by anna@example.com',
    );
    expect(html).toContain('data-suggested="PROCEED"');
    expect(html).toContain('Accept the suggestion');
    // Not a decision: the row's own control still says "No decision".
    expect(html).toMatch(/<option value="" selected="">No decision<\/option>/);
  });

  it('suggests a family’s "handled elsewhere" as Skip this time, with its reason on hover', () => {
    const html = render([
      instruction({ scope: 'family', target: 'FAM-1', instruction: 'skip', reason: 'Paid by licensee' }),
    ]);
    expect(html).toContain('data-suggested="SKIP_THIS_TIME"');
    expect(html).toContain('Paid by licensee');
  });

  it('suggests nothing over the user’s own decision, nor for a renewal the service does not open', () => {
    const decided = render([instruction({})], [draftEntry({ eventId: 'e-1', decision: 'SKIP_THIS_TIME' })]);
    expect(decided).not.toContain('Suggested:');
    expect(decided).not.toContain('Suggestions from standing instructions');
    const closed = render([instruction({})], [], renewalRow({ instructability: blocked('TOO_EARLY') }));
    expect(closed).not.toContain('Suggested:');
  });

  it('marks "review each time" without suggesting a decision', () => {
    const html = render([instruction({ instruction: 'review' })]);
    expect(html).toContain('Standing instruction: review each time');
    expect(html).not.toContain('data-suggested');
    expect(html).not.toContain('Accept the suggestion');
  });
});
