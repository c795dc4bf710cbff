import { describe, expect, it } from 'vitest';
import { standingInstructionSchema } from './standing-instruction.schema';

const PATENT = '7f1f7e1c-3f51-4c8e-9a55-1c2d3e4f5a6b';

const fieldsAtFault = (input: unknown) => {
  const parsed = standingInstructionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('setting a standing instruction', () => {
  it('needs a reason for "handled elsewhere", and only for it', () => {
    expect(fieldsAtFault({ scope: 'patent', target: PATENT, instruction: 'skip', reason: '  ' })).toEqual([
      'reason',
    ]);
    expect(fieldsAtFault({ scope: 'patent', target: PATENT, instruction: 'renew' })).toEqual([]);
    expect(
      standingInstructionSchema.parse({
        scope: 'family',
        target: ' FAM-1 ',
        instruction: 'review',
        reason: '',
      }),
    ).toEqual({ scope: 'family', target: 'FAM-1', instruction: 'review', reason: null });
  });

  it('names a patent by its id and refuses instructions it does not know', () => {
    expect(fieldsAtFault({ scope: 'patent', target: 'EP123', instruction: 'renew' })).toEqual(['target']);
    expect(fieldsAtFault({ scope: 'patent', target: PATENT, instruction: 'drop' })).toEqual(['instruction']);
  });
});
