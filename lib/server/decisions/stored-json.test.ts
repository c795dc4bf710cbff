import { describe, expect, it } from 'vitest';
import { draftEntry } from '../../decisions/testing';
import { StoredRowError, storedBatchJson, storedDraftEntries } from './stored-json';

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 'b-1',
  problem: null,
  receipt: null,
  upstreamRequestIds: ['req-1'],
  ...overrides,
});

describe('jsonb columns read back', () => {
  it('pass through when they hold what was written', () => {
    const problem = {
      status: 409,
      code: 'refused_before_sending',
      title: 'Refused',
      detail: 'Nothing was sent.',
      events: [
        {
          eventId: 'e-1',
          code: 'instruction_too_early',
          title: 'Too early',
          detail: 'Later.',
          opensAt: null,
        },
      ],
    };
    const receipt = {
      object: 'instructionReceipt',
      issueDate: '2026-11-02',
      reference: 'R-1',
      number: 7,
      instructions: [],
    };
    expect(storedBatchJson(row({ problem, receipt }))).toMatchObject({
      problem,
      receipt: { number: 7, reference: 'R-1' },
      upstreamRequestIds: ['req-1'],
    });
    expect(storedDraftEntries([draftEntry()], 'u-1')).toEqual([draftEntry()]);
  });

  it('fail loudly, naming the table, the row and the field, when they do not', () => {
    expect(() => storedBatchJson(row({ problem: { code: 'x' } }))).toThrow(StoredRowError);
    expect(() => storedBatchJson(row({ problem: { code: 'x' } }))).toThrow(
      /instruction_batch\.problem of batch b-1[\s\S]*status/,
    );
    expect(() => storedBatchJson(row({ upstreamRequestIds: 'req-1' }))).toThrow(/upstream_request_ids/);
    expect(() => storedDraftEntries([{ eventId: 'e-1' }], 'u-1')).toThrow(
      /decision_draft\.entries of user u-1/,
    );
  });
});
