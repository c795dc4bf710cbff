import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { RenewalRow } from '@/lib/renewals/rows';
import { blocked, renewalRow } from '@/lib/renewals/testing';
import { chooseDecision, DecisionCell } from './decision-cells';
import { DecisionProvider } from './decision-context';
import { draftOf } from './testing';

describe("a row's decision select", () => {
  it('asks the confirmation for DROP, as the d key does, and leaves the draft alone until then', () => {
    const decide = vi.fn(() => 0);
    const confirmDrop = vi.fn();
    const row = renewalRow();
    chooseDecision(row, 'DROP', { draft: draftOf([], { decide }), confirmDrop });
    expect(confirmDrop).toHaveBeenCalledWith(row);
    expect(decide).not.toHaveBeenCalled();
  });

  it('puts any other choice, or none, into the draft at once', () => {
    const decide = vi.fn(() => 0);
    const confirmDrop = vi.fn();
    const row = renewalRow();
    chooseDecision(row, 'PROCEED', { draft: draftOf([], { decide }), confirmDrop });
    chooseDecision(row, '', { draft: draftOf([], { decide }), confirmDrop });
    expect(decide.mock.calls).toEqual([
      [[row], 'PROCEED'],
      [[row], null],
    ]);
    expect(confirmDrop).not.toHaveBeenCalled();
  });
});

function cell(row: RenewalRow): string {
  return renderToString(
    <DecisionProvider
      value={{
        draft: draftOf([]),
        selected: new Set(),
        toggleSelected: () => undefined,
        shownRows: [row],
        selectShown: () => undefined,
        cursorId: null,
      }}
    >
      <DecisionCell row={row} />
    </DecisionProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('"Your decision" on a renewal that can no longer be decided', () => {
  it('shows the decision taken, not "Not open"', () => {
    const html = cell(
      renewalRow({ instructability: blocked('ALREADY_INSTRUCTED'), appliedDecision: 'PROCEED' }),
    );
    expect(html).toContain('Decided:');
    expect(html).toContain('>Proceed<');
    expect(html).not.toContain('Not open');
  });

  it('says "Not open" while nothing was decided and nothing can be', () => {
    expect(cell(renewalRow({ instructability: blocked('TOO_EARLY') }))).toContain('Not open');
  });
});
