import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DecisionCell } from '@/components/decisions/decision-cells';
import { DecisionProvider } from '@/components/decisions/decision-context';
import { draftOf } from '@/components/decisions/testing';
import { LocaleProvider } from '@/components/shell/locale';
import type { DraftEntry } from '@/lib/decisions/draft';
import { draftEntry } from '@/lib/decisions/testing';
import { renewalRow } from '@/lib/renewals/testing';
import { DraftBar } from './draft-bar';

function cell(decision: DraftEntry['decision'] | null): string {
  const row = renewalRow({ eventId: 'e-1' });
  const draft = draftOf(decision ? [draftEntry({ eventId: 'e-1', decision })] : []);
  return renderToString(
    <DecisionProvider
      value={{
        draft,
        selected: new Set(),
        toggleSelected: () => undefined,
        shownRows: [{ eventId: 'e-1' }],
        selectShown: () => undefined,
        cursorId: null,
      }}
    >
      <DecisionCell row={row} />
    </DecisionProvider>,
  );
}

function bar(entries: DraftEntry[], extra: Partial<Parameters<typeof DraftBar>[0]> = {}): string {
  // React marks where text nodes meet; the text a person reads runs on across them.
  return textRuns(
    renderToString(
      <LocaleProvider locale="en-GB">
        <DraftBar
          draft={draftOf(entries)}
          inWindow={entries.length}
          cleared={null}
          onClear={() => undefined}
          onUndo={() => undefined}
          onDismiss={() => undefined}
          {...extra}
        />
      </LocaleProvider>,
    ),
  );
}

const textRuns = (html: string) => html.replaceAll('<!-- -->', '');

describe('each decision looks different in its row', () => {
  it('shows a shape for each decision besides its colour, and none without a decision', () => {
    expect(cell('PROCEED')).toContain('data-decision-icon="PROCEED"');
    expect(cell('SKIP_THIS_TIME')).toContain('data-decision-icon="SKIP_THIS_TIME"');
    expect(cell('DROP')).toContain('data-decision-icon="DROP"');
    expect(cell(null)).toContain('data-decision-icon="none"');
    expect(cell(null)).not.toContain('<svg');
    // Three different icons.
    const icons = (['PROCEED', 'SKIP_THIS_TIME', 'DROP'] as const).map(
      (d) => /lucide-([a-z-]+)/.exec(cell(d))?.[1],
    );
    expect(new Set(icons).size).toBe(3);
  });

  it('makes DROP unmistakable: a solid red control, unlike PROCEED', () => {
    expect(cell('DROP')).toContain('bg-destructive ');
    expect(cell('PROCEED')).not.toContain('bg-destructive');
  });
});

describe('the draft bar while choosing', () => {
  const eur = (eventId: string, amount: string) =>
    draftEntry({
      eventId,
      patentId: eventId,
      estimate: { amount, serviceFee: '10.00', currency: 'EUR', fxFrozen: false },
    });
  const usd = draftEntry({
    eventId: 'u',
    patentId: 'u',
    estimate: { amount: '70.00', serviceFee: '5.00', currency: 'USD', fxFrozen: false },
  });

  it('shows the PROCEED estimate per currency, side by side and never added together', () => {
    const html = bar([
      eur('a', '100.00'),
      eur('b', '25.50'),
      usd,
      draftEntry({ eventId: 'd', decision: 'DROP' }),
    ]);
    expect(html).toContain('4</span> decisions in your');
    expect(html).toContain('€125.50 · US$70.00');
  });

  it('can be reached by the keyboard: an id for the skip link and "b", focusable by script', () => {
    const html = bar([eur('a', '1.00')]);
    expect(html).toContain('id="your-decisions"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('aria-keyshortcuts="b"');
  });

  it('after a clear, offers to undo it with the number of decisions it gives back', () => {
    const html = bar([], {
      cleared: {
        entries: [eur('a', '1.00'), eur('b', '2.00')],
        version: 'v1',
        awaitingSave: false,
        page: 'p',
      },
    });
    expect(html).toContain('Cleared 2 decisions.');
    expect(html).toContain('Undo clear (2)');
    expect(html).not.toContain('Clear draft');
  });
});

describe('the draft bar and a batch not settled', () => {
  it('says which decisions are being sent in a batch whose outcome is not settled yet', () => {
    const entries = [draftEntry({ eventId: 'e-1' }), draftEntry({ eventId: 'e-2' })];
    const html = bar(entries, { draft: draftOf(entries, { beingSent: { 'e-1': 'batch-1' } }) });
    expect(html).toContain('1 being sent in a batch not settled yet');
    expect(bar(entries)).not.toContain('being sent');
  });
});
