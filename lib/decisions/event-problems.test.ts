import { describe, expect, it } from 'vitest';
import { eventProblem, problemFromInstructability } from './event-problems';

const open = (decisions: string[]) => ({
  isAllowed: true,
  allowedDecisions: decisions,
  blockedReason: null,
  opensAt: '2026-10-01',
  mode: 'DIRECT',
});
const blocked = (reason: string, opensAt: string | null = null) => ({
  isAllowed: false,
  allowedDecisions: [],
  blockedReason: reason,
  opensAt,
  mode: 'DIRECT',
});

describe('event problems', () => {
  it('name the missing earlier renewals of instruction_skipped', () => {
    const problem = eventProblem('e', 'instruction_skipped', {
      missingPreviousRenewalDates: ['2026-03-31', '2026-09-30'],
      locale: 'en-GB',
    });
    expect(problem.detail).toContain('31 Mar 2026, 30 Sept 2026');
    expect(problem.missingPreviousRenewalDates).toEqual(['2026-03-31', '2026-09-30']);
  });

  it('give the opening date of instruction_too_early', () => {
    expect(
      eventProblem('e', 'instruction_too_early', { opensAt: '2027-01-01', locale: 'en-GB' }).detail,
    ).toBe('This renewal opens for instruction on 1 Jan 2027.');
  });

  it('keep the service words for a code this version does not know', () => {
    expect(eventProblem('e', 'instruction_paused', { serviceDetail: 'Paused by office' })).toMatchObject({
      code: 'instruction_paused',
      detail: 'Paused by office',
    });
  });

  it.each([
    [open(['PROCEED', 'DROP']), 'PROCEED', null],
    [open(['SKIP_THIS_TIME', 'DROP']), 'PROCEED', 'instruction_lapsed'],
    [blocked('TOO_EARLY', '2027-01-01'), 'PROCEED', 'instruction_too_early'],
    [blocked('EARLIER_EVENT_PENDING'), 'DROP', 'instruction_skipped'],
    [blocked('ALREADY_INSTRUCTED'), 'SKIP_THIS_TIME', 'instruction_already_set'],
    [blocked('NEW_REASON'), 'PROCEED', 'not_open'],
  ])('read the service state %#: %s as %s', (instructability, decision, code) => {
    expect(problemFromInstructability('e', decision, instructability, null)?.code ?? null).toBe(code);
  });
});
