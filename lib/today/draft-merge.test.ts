import { describe, expect, it } from 'vitest';
import type { DraftEntry } from '@/lib/decisions/draft';
import { MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { mergeIntoDraft } from './draft-merge';

function entry(overrides: Partial<DraftEntry> = {}): DraftEntry {
  return {
    eventId: 'e1',
    patentId: 'p1',
    decision: 'PROCEED',
    caseReference: 'C1',
    providerId: null,
    title: null,
    office: 'EP',
    dueDate: '2026-06-01',
    annuityYear: 5,
    allowedDecisions: ['PROCEED', 'SKIP_THIS_TIME', 'DROP'],
    estimate: null,
    ...overrides,
  };
}

describe('mergeIntoDraft', () => {
  it('adds new renewals and changes the decision of those already in the draft', () => {
    const merged = mergeIntoDraft(
      [entry({ decision: 'SKIP_THIS_TIME' })],
      [entry(), entry({ eventId: 'e2', patentId: 'p2' })],
    );
    expect(merged.entries.map((e) => [e.eventId, e.decision])).toEqual([
      ['e1', 'PROCEED'],
      ['e2', 'PROCEED'],
    ]);
    expect(merged).toMatchObject({ added: 1, changed: 1, refused: [] });
  });

  it('refuses a decision outside allowedDecisions (PROCEED on a lapsed renewal)', () => {
    const merged = mergeIntoDraft([], [entry({ allowedDecisions: ['SKIP_THIS_TIME', 'DROP'] })]);
    expect(merged.entries).toEqual([]);
    expect(merged.refused[0]?.reason).toMatch(/offers only SKIP_THIS_TIME, DROP/);
  });

  it('keeps one renewal per patent, the earliest', () => {
    const merged = mergeIntoDraft(
      [],
      [entry({ eventId: 'late', dueDate: '2026-12-01' }), entry({ eventId: 'early', dueDate: '2026-06-01' })],
    );
    expect(merged.entries.map((e) => e.eventId)).toEqual(['early']);
    expect(merged.refused.map((r) => r.eventId)).toEqual(['late']);
  });

  it('stops at the batch limit', () => {
    const full = Array.from({ length: MAX_DRAFT_ENTRIES }, (_, at) =>
      entry({ eventId: `f${at}`, patentId: `fp${at}` }),
    );
    const merged = mergeIntoDraft(full, [entry({ eventId: 'x', patentId: 'px' })]);
    expect(merged.entries).toHaveLength(MAX_DRAFT_ENTRIES);
    expect(merged.refused[0]?.reason).toMatch(/at most/);
  });
});
