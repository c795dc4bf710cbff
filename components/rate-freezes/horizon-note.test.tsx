import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type HorizonKnowledge, NOTHING_LEARNED } from '@/lib/rate-freezes/horizon';
import { canFreezeNow, monthsAhead } from '@/lib/rate-freezes/months';
import { HorizonNote } from './horizon-note';

const text = (horizon: HorizonKnowledge) =>
  renderToString(<HorizonNote horizon={horizon} />)
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** The overview's rows for the same knowledge, as the page shows them beside the note. */
const rows = (accepted: number | null, refused: number | null) =>
  monthsAhead({
    currentMonth: '2026-12',
    frozenMonths: new Set(),
    refusedFromMonthsAhead: refused,
    acceptedUpToMonthsAhead: accepted,
  });

describe('the horizon note', () => {
  it('never calls a month freezable that the overview shows as not known yet', () => {
    // Nothing learnt: the overview marks every month after this one "Not known yet" (Limits 5).
    const shown = rows(null, null);
    expect(shown.filter(canFreezeNow).map((row) => row.month)).toEqual(['2026-12']);
    const note = text(NOTHING_LEARNED);
    expect(note).not.toMatch(/every coming month/i);
    expect(note).toContain('only this month');
    expect(note).toContain('Months 1 or more ahead are “Not known yet”');
  });

  it('says how far the accepted freezes vouch for, and what lies between them and a refusal', () => {
    const at = '2026-12-02T10:00:00.000Z';
    const horizon: HorizonKnowledge = {
      accepted: { month: '2027-03', monthsAhead: 3, at },
      refused: { month: '2027-06', monthsAhead: 6, at },
    };
    expect(rows(3, 6).filter(canFreezeNow)).toHaveLength(4);
    const note = text(horizon);
    expect(note).toContain('this month and the next 3, unless frozen already, show “Can be frozen”');
    expect(note).toContain('Months 4 or more ahead and nearer than 6 are “Not known yet”');
    // Nothing left unknown once the accepted distance reaches the refused one.
    const known = text({ ...horizon, accepted: { month: '2027-05', monthsAhead: 5, at } });
    expect(known).not.toContain('Not known yet');
  });
});
