import { describe, expect, it } from 'vitest';
import type { RenewalRow } from '../../renewals/rows';
import { changesBetween, renewalPhase } from './watch-store';

const row = (overrides: Partial<RenewalRow>): RenewalRow =>
  ({
    eventId: 'e1',
    patentId: 'p1',
    dueDate: '2030-03-31',
    gracePeriodEndDate: '2030-09-30',
    instructability: {
      isAllowed: true,
      allowedDecisions: ['PROCEED'],
      blockedReason: null,
      opensAt: '2030-01-01',
      mode: 'DIRECT',
    },
    appliedDecision: null,
    processingStatus: null,
    ...overrides,
  }) as RenewalRow;

describe('renewalPhase', () => {
  it('follows the dates and the service’s instructability', () => {
    expect(renewalPhase(row({}), '2030-03-01')).toBe('open');
    expect(renewalPhase(row({}), '2030-04-01')).toBe('in-grace');
    expect(renewalPhase(row({}), '2030-10-01')).toBe('lapsed');
    const early = row({
      instructability: {
        isAllowed: false,
        allowedDecisions: [],
        blockedReason: 'TOO_EARLY',
        opensAt: '2030-01-01',
        mode: 'DIRECT',
      },
    });
    expect(renewalPhase(early, '2029-12-01')).toBe('too-early');
    expect(renewalPhase(row({ appliedDecision: 'PROCEED' }), '2030-03-01')).toBe('instructed');
  });
});

describe('changesBetween', () => {
  it('records nothing on the first sight of a renewal', () => {
    expect(changesBetween(undefined, row({ processingStatus: 'UNPROCESSABLE' }), 'instructed')).toEqual([]);
  });

  it('records a new processing status, entering grace and opening', () => {
    const kinds = (
      previous: { phase: string; processingStatus: string | null },
      current: RenewalRow,
      phase: Parameters<typeof changesBetween>[2],
    ) => changesBetween(previous, current, phase).map((change) => `${change.kind}:${change.value}`);
    expect(
      kinds(
        { phase: 'instructed', processingStatus: 'IN_PROGRESS' },
        row({ processingStatus: 'UNPROCESSABLE' }),
        'instructed',
      ),
    ).toEqual(['processing-status:UNPROCESSABLE']);
    expect(kinds({ phase: 'open', processingStatus: null }, row({}), 'in-grace')).toEqual([
      'entered-grace:2030-09-30',
    ]);
    expect(kinds({ phase: 'too-early', processingStatus: null }, row({}), 'open')).toEqual([
      'opened:2030-01-01',
    ]);
    expect(kinds({ phase: 'open', processingStatus: null }, row({}), 'open')).toEqual([]);
  });
});
