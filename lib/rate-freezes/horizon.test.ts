import { describe, expect, it } from 'vitest';
import { attemptFromAuditEntry, type FreezeAttempt, learnHorizon, NOTHING_LEARNED } from './horizon';

const attempt = (
  at: string,
  currentMonth: string,
  month: string,
  result: FreezeAttempt['result'],
): FreezeAttempt => ({ at: `${at}T10:00:00.000Z`, currentMonth, month, result });

describe('learnHorizon', () => {
  it('knows nothing before any attempt, and learns nothing from past months or failures', () => {
    expect(learnHorizon([])).toEqual(NOTHING_LEARNED);
    expect(
      learnHorizon([
        attempt('2026-11-02', '2026-11', '2026-09', 'past'),
        attempt('2026-11-03', '2026-11', '2027-09', 'failed'),
      ]),
    ).toEqual(NOTHING_LEARNED);
  });

  it('remembers a refusal as a distance, with its month and when', () => {
    const horizon = learnHorizon([attempt('2026-11-05', '2026-11', '2027-03', 'beyond-horizon')]);
    expect(horizon.refused).toEqual({ month: '2027-03', monthsAhead: 4, at: '2026-11-05T10:00:00.000Z' });
    expect(horizon.accepted).toBeNull();
  });

  it('keeps the nearest refusal and the farthest first freeze', () => {
    const horizon = learnHorizon([
      attempt('2026-11-01', '2026-11', '2027-06', 'beyond-horizon'),
      attempt('2026-11-02', '2026-11', '2027-03', 'beyond-horizon'),
      attempt('2026-11-03', '2026-11', '2027-05', 'beyond-horizon'),
      attempt('2026-11-04', '2026-11', '2027-01', 'frozen'),
      attempt('2026-11-05', '2026-11', '2026-12', 'frozen'),
    ]);
    expect(horizon.refused?.monthsAhead).toBe(4);
    expect(horizon.accepted?.monthsAhead).toBe(2);
  });

  it('counts from the month of each attempt, so a distance survives the calendar turning', () => {
    const horizon = learnHorizon([attempt('2026-01-20', '2026-01', '2026-04', 'beyond-horizon')]);
    expect(horizon.refused?.monthsAhead).toBe(3);
  });

  it('lets a newer first freeze at or past the refused distance replace the refusal (horizon grew)', () => {
    const horizon = learnHorizon([
      attempt('2026-11-01', '2026-11', '2027-03', 'beyond-horizon'),
      attempt('2026-12-01', '2026-12', '2027-04', 'frozen'),
    ]);
    expect(horizon.refused).toBeNull();
    expect(horizon.accepted?.monthsAhead).toBe(4);
  });

  it('lets a newer refusal nearer than the farthest freeze replace it (horizon shrank)', () => {
    const horizon = learnHorizon([
      attempt('2026-11-01', '2026-11', '2027-05', 'frozen'),
      attempt('2026-11-09', '2026-11', '2027-02', 'beyond-horizon'),
    ]);
    expect(horizon.accepted).toBeNull();
    expect(horizon.refused?.month).toBe('2027-02');
  });

  it('does not take a repeated freeze of a frozen month as evidence', () => {
    const horizon = learnHorizon([
      attempt('2026-11-01', '2026-11', '2027-03', 'beyond-horizon'),
      attempt('2026-11-02', '2026-11', '2027-08', 'already-frozen'),
    ]);
    expect(horizon.refused?.monthsAhead).toBe(4);
    expect(horizon.accepted).toBeNull();
  });

  it('replays in time order whatever order the entries come in', () => {
    const grew = attempt('2026-12-01', '2026-12', '2027-04', 'frozen');
    const refused = attempt('2026-11-01', '2026-11', '2027-03', 'beyond-horizon');
    expect(learnHorizon([grew, refused])).toEqual(learnHorizon([refused, grew]));
  });
});

describe('attemptFromAuditEntry', () => {
  const at = new Date('2026-11-05T10:00:00.000Z');

  it('reads the details a freeze attempt is audited with', () => {
    expect(
      attemptFromAuditEntry({
        at,
        details: {
          month: '2027-03',
          currentMonth: '2026-11',
          result: 'beyond-horizon',
          code: 'x',
          status: 400,
        },
      }),
    ).toEqual({ month: '2027-03', currentMonth: '2026-11', result: 'beyond-horizon', at: at.toISOString() });
  });

  it('skips entries it cannot read instead of guessing', () => {
    expect(attemptFromAuditEntry({ at, details: {} })).toBeNull();
    expect(
      attemptFromAuditEntry({ at, details: { month: '2027-3', currentMonth: '2026-11', result: 'frozen' } }),
    ).toBeNull();
    expect(
      attemptFromAuditEntry({ at, details: { month: '2027-03', currentMonth: '2026-11', result: 'maybe' } }),
    ).toBeNull();
  });
});
