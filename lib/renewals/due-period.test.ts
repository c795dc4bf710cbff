import { describe, expect, it } from 'vitest';
import { duePeriodView, LATE_HELP } from './due-period';

const row = (duePeriod: string | null, appliedDecision: string | null, processingStatus: string | null) => ({
  duePeriod,
  appliedDecision,
  processingStatus,
});

describe('the due period with the decision and processing state', () => {
  it('a renewal paid and fulfilled whose grace period is over is not a red "Lapsed"', () => {
    expect(duePeriodView(row('LAPSED', 'PROCEED', 'FULFILLED'))).toEqual({
      label: 'Due date passed',
      tone: 'neutral',
      state: 'Proceed · Fulfilled',
      note: 'Proceed · Fulfilled',
      help: 'The service’s period: Lapsed.',
    });
  });

  it('a decided renewal in grace is not amber either, and says what was decided', () => {
    const view = duePeriodView(row('GRACE_PERIOD', 'SKIP_THIS_TIME', 'NOT_INSTRUCTED'));
    expect(view?.tone).toBe('neutral');
    expect(view?.state).toBe('Skip this time');
  });

  it('an undecided lapse stays red', () => {
    expect(duePeriodView(row('LAPSED', null, 'NOT_INSTRUCTED'))).toMatchObject({
      label: 'Lapsed',
      tone: 'danger',
      state: null,
    });
  });

  it('an unprocessable renewal keeps the warning', () => {
    expect(duePeriodView(row('LAPSED', 'PROCEED', 'UNPROCESSABLE'))).toMatchObject({
      label: 'Lapsed',
      tone: 'danger',
      state: 'Proceed · Unprocessable',
    });
  });

  it('LATE is explained: not yet due, the service’s last month before the due date', () => {
    const view = duePeriodView(row('LATE', null, 'NOT_INSTRUCTED'));
    expect(view).toMatchObject({ label: 'Late', help: LATE_HELP, note: 'Due date not passed yet' });
    expect(LATE_HELP).toContain('has not passed yet');
    expect(LATE_HELP).toContain('not yet passed');
  });

  it('no period, nothing to show', () => {
    expect(duePeriodView(row(null, 'PROCEED', 'FULFILLED'))).toBeNull();
  });
});
