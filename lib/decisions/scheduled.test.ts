import { describe, expect, it } from 'vitest';
import type { InstructionReceipt } from '@/lib/annuity/schemas';
import { scheduledDateOf } from './scheduled';

type Instruction = InstructionReceipt['instructions'][number];

const instruction = (overrides: Partial<Instruction>): Instruction => ({
  object: 'instruction',
  id: crypto.randomUUID(),
  decision: 'PROCEED',
  status: 'SCHEDULED',
  executedAt: null,
  scheduledForExecutionAt: '2026-12-02',
  renewedDesignatedCountries: null,
  excludedDesignatedCountries: null,
  ...overrides,
});

describe('the date a receipt schedules a renewal for', () => {
  it('is the date of the instruction the batch identified', () => {
    const mine = instruction({ scheduledForExecutionAt: '2026-12-03' });
    const receipt = { instructions: [instruction({}), mine] };
    expect(scheduledDateOf(receipt, { instructionId: mine.id, decision: 'PROCEED' })).toBe('2026-12-03');
  });

  it('without an identified instruction, is the date every instruction of the same decision agrees on', () => {
    const receipt = {
      instructions: [
        instruction({}),
        instruction({}),
        instruction({ decision: 'SKIP_THIS_TIME', scheduledForExecutionAt: '2027-01-01' }),
      ],
    };
    expect(scheduledDateOf(receipt, { instructionId: null, decision: 'PROCEED' })).toBe('2026-12-02');
    const split = { instructions: [instruction({}), instruction({ scheduledForExecutionAt: '2026-12-09' })] };
    // Two dates and no way to tell which is this renewal's: not shown as scheduled for either.
    expect(scheduledDateOf(split, { instructionId: null, decision: 'PROCEED' })).toBeNull();
  });

  it('is none when the receipt does not say scheduled (executed, no date, no receipt)', () => {
    const executed = instruction({ status: 'EXECUTED', executedAt: '2026-12-01T10:00:00Z' });
    expect(
      scheduledDateOf({ instructions: [executed] }, { instructionId: executed.id, decision: 'PROCEED' }),
    ).toBeNull();
    const undated = instruction({ scheduledForExecutionAt: null });
    expect(
      scheduledDateOf({ instructions: [undated] }, { instructionId: undated.id, decision: 'PROCEED' }),
    ).toBeNull();
    expect(scheduledDateOf(null, { instructionId: null, decision: 'PROCEED' })).toBeNull();
  });
});
