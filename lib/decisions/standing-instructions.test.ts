import { describe, expect, it } from 'vitest';
import type { Instructability } from '@/lib/annuity/schemas';
import {
  applicableInstruction,
  type InstructableRenewal,
  type StandingInstruction,
  type StandingInstructionKind,
  standingLookup,
  standingSuggestions,
  standingSummary,
} from './standing-instructions';

const open = (...allowedDecisions: string[]): Instructability => ({
  isAllowed: true,
  allowedDecisions,
  blockedReason: null,
  opensAt: '2026-01-01',
  mode: 'DIRECT',
});
const blocked = (blockedReason: string): Instructability => ({
  isAllowed: false,
  allowedDecisions: [],
  blockedReason,
  opensAt: '2026-03-01',
  mode: 'DIRECT',
});

const renewal = (
  eventId: string,
  patentId: string,
  instructability: Instructability | null = open('PROCEED', 'SKIP_THIS_TIME', 'DROP'),
  family: string | null = null,
): InstructableRenewal => ({ eventId, patentId, family, instructability });

const instruction = (
  scope: 'patent' | 'family',
  target: string,
  kind: StandingInstructionKind,
): StandingInstruction => ({
  id: `${scope}-${target}`,
  connection: 'default',
  scope,
  target,
  instruction: kind,
  reason: kind === 'skip' ? 'Paid by the licensee' : null,
  setByEmail: 'anna@example.com',
  setAt: '2026-11-01T09:00:00.000Z',
});

const suggest = (
  instructions: StandingInstruction[],
  renewals: InstructableRenewal[],
  draft: { eventId: string; patentId: string }[] = [],
) =>
  [...standingSuggestions(standingLookup(instructions), renewals, draft).values()].map((s) => [
    s.eventId,
    s.decision,
    s.instruction.id,
  ]);

describe('standing instructions', () => {
  it('suggests PROCEED for "renew every year" and SKIP_THIS_TIME for "handled elsewhere"', () => {
    expect(
      suggest(
        [instruction('patent', 'p1', 'renew'), instruction('patent', 'p2', 'skip')],
        [renewal('e1', 'p1'), renewal('e2', 'p2'), renewal('e3', 'p3')],
      ),
    ).toEqual([
      ['e1', 'PROCEED', 'patent-p1'],
      ['e2', 'SKIP_THIS_TIME', 'patent-p2'],
    ]);
  });

  it('marks "review each time" without suggesting a decision, even when one is in the draft', () => {
    expect(
      suggest(
        [instruction('patent', 'p1', 'review')],
        [renewal('e1', 'p1')],
        [{ eventId: 'e1', patentId: 'p1' }],
      ),
    ).toEqual([['e1', null, 'patent-p1']]);
  });

  it('suggests only what the service offers now, never inferred from the due period', () => {
    const renew = [instruction('patent', 'p1', 'renew'), instruction('patent', 'p2', 'renew')];
    // A lapsed renewal is not offered PROCEED (spec: Instruction rules); a blocked one nothing.
    expect(
      suggest(renew, [
        renewal('e1', 'p1', open('SKIP_THIS_TIME', 'DROP')),
        renewal('e2', 'p2', blocked('TOO_EARLY')),
      ]),
    ).toEqual([]);
    expect(suggest(renew, [renewal('e1', 'p1', null)])).toEqual([]);
    // isAllowed false wins over a stray allowedDecisions list.
    expect(
      suggest(renew, [
        renewal('e1', 'p1', { ...blocked('ALREADY_INSTRUCTED'), allowedDecisions: ['PROCEED'] }),
      ]),
    ).toEqual([]);
  });

  it('never suggests over a decision the user already made, nor a second renewal of a patent in the draft', () => {
    const renew = [instruction('patent', 'p1', 'renew')];
    expect(suggest(renew, [renewal('e1', 'p1')], [{ eventId: 'e1', patentId: 'p1' }])).toEqual([]);
    expect(suggest(renew, [renewal('e2', 'p1')], [{ eventId: 'e1', patentId: 'p1' }])).toEqual([]);
  });

  it('applies a family instruction to its patents, and the patent’s own wins over it', () => {
    const list = [instruction('family', 'FAM-1', 'renew'), instruction('patent', 'p2', 'skip')];
    expect(
      suggest(list, [
        renewal('e1', 'p1', undefined, 'FAM-1'),
        renewal('e2', 'p2', undefined, 'FAM-1'),
        renewal('e3', 'p3'),
      ]),
    ).toEqual([
      ['e1', 'PROCEED', 'family-FAM-1'],
      ['e2', 'SKIP_THIS_TIME', 'patent-p2'],
    ]);
    const lookup = standingLookup(list);
    expect(applicableInstruction(lookup, { patentId: 'p9', family: null })).toBeNull();
    expect(applicableInstruction(lookup, { patentId: 'p9', family: 'FAM-1' })?.id).toBe('family-FAM-1');
  });

  it('applies an instruction to its own client’s renewals only: two clients may share a family reference', () => {
    const ours = { ...instruction('family', 'FAM-1', 'skip'), id: 'ours', connection: 'acme' };
    const theirs = { ...instruction('family', 'FAM-1', 'renew'), id: 'theirs', connection: 'northwind' };
    const patent = { ...instruction('patent', 'p1', 'renew'), id: 'patent', connection: 'acme' };
    const lookup = standingLookup([ours, theirs, patent]);
    expect(
      applicableInstruction(lookup, { patentId: 'p2', family: 'FAM-1', client: { id: 'northwind' } })?.id,
    ).toBe('theirs');
    expect(
      applicableInstruction(lookup, { patentId: 'p2', family: 'FAM-1', client: { id: 'acme' } })?.id,
    ).toBe('ours');
    expect(
      applicableInstruction(lookup, { patentId: 'p1', family: null, client: { id: 'northwind' } }),
    ).toBeNull();
    expect(
      applicableInstruction(lookup, { patentId: 'p3', family: 'FAM-1', client: { id: 'globex' } }),
    ).toBeNull();
  });

  it('never suggests DROP, whatever the service offers', () => {
    const all = (['renew', 'skip', 'review'] as const).map((kind, i) => instruction('patent', `p${i}`, kind));
    const decisions = [
      ...standingSuggestions(
        standingLookup(all),
        [0, 1, 2].map((i) => renewal(`e${i}`, `p${i}`, open('DROP'))),
        [],
      ).values(),
    ].map((s) => s.decision);
    expect(decisions).not.toContain('DROP');
  });

  it('says who set it, and for a family which one', () => {
    expect(standingSummary(instruction('patent', 'p1', 'renew'))).toBe(
      'Renew every year, set by anna@example.com',
    );
    expect(standingSummary({ ...instruction('family', 'FAM-1', 'skip'), setByEmail: null })).toBe(
      'Handled elsewhere (skip), for family reference FAM-1, set by a former user',
    );
  });
});
