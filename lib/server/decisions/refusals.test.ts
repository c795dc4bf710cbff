import { describe, expect, it } from 'vitest';
import { AnnuityApiError } from '@/lib/annuity/errors';
import type { Problem } from '@/lib/annuity/schemas';
import { batchTooLarge } from './refusals';

const refusal = (errors: { pointer: string; detail?: string }[]) =>
  new AnnuityApiError({
    status: 400,
    operation: 'postPatentInstructions',
    requestId: 'r',
    problem: {
      type: '/errors/validation-failed',
      title: 'Validation failed',
      status: 400,
      detail: 'invalid',
      code: 'validation_failed',
      errors: errors.map((entry) => ({ detail: '', ...entry })),
    } as unknown as Problem,
  });

describe('a batch refused for its size (spec: Limits 4, the maximum is not shown)', () => {
  it('learns the limit the refusal names and offers parts, each atomic by itself', () => {
    const problem = batchTooLarge(
      refusal([{ pointer: '/instructions', detail: 'at most 20 instructions per batch, got 45' }]),
      45,
    );
    expect(problem).toMatchObject({ code: 'batch_too_large', maxBatchSize: 20, events: [] });
    expect(problem?.detail).toContain('Send them in 3 parts of at most 20');
    expect(problem?.detail).toContain('each part is atomic by itself');
  });

  it('halves the batch when the refusal names no usable number', () => {
    expect(batchTooLarge(refusal([{ pointer: '/instructions', detail: 'too many' }]), 9)?.maxBatchSize).toBe(
      4,
    );
    expect(
      batchTooLarge(refusal([{ pointer: '/instructions', detail: 'limit 500, got 9' }]), 9)?.maxBatchSize,
    ).toBe(4);
  });

  it('is not a size refusal when an instruction of the batch is pointed at, or for one decision', () => {
    expect(batchTooLarge(refusal([{ pointer: '/instructions/3/eventId', detail: 'twice' }]), 9)).toBeNull();
    expect(batchTooLarge(refusal([{ pointer: '/instructions', detail: 'at most 0' }]), 1)).toBeNull();
  });

  it('learns it from a 413, whatever the body', () => {
    const tooLarge = new AnnuityApiError({
      status: 413,
      operation: 'postPatentInstructions',
      requestId: null,
      problem: null,
    });
    expect(batchTooLarge(tooLarge, 10)?.maxBatchSize).toBe(5);
  });

  it('learns it from a 422 with a code v2 does not list whose words speak of the batch size', () => {
    const unknown = new AnnuityApiError({
      status: 422,
      operation: 'postPatentInstructions',
      requestId: null,
      problem: { code: 'batch_limit', detail: 'A batch may hold at most 25 instructions.' } as Problem,
    });
    expect(batchTooLarge(unknown, 60)?.maxBatchSize).toBe(25);
    const other = new AnnuityApiError({
      status: 422,
      operation: 'postPatentInstructions',
      requestId: null,
      problem: { code: 'office_closed', detail: 'The office is closed today.' } as Problem,
    });
    expect(batchTooLarge(other, 60)).toBeNull();
  });

  it('learns it from pointers at every item beyond an index, and never from an instruction code', () => {
    expect(
      batchTooLarge(
        refusal([3, 4, 5].map((index) => ({ pointer: `/instructions/${index}`, detail: 'not accepted' }))),
        6,
      )?.maxBatchSize,
    ).toBe(3);
    // Pointers at some items only, or not up to the last: about those items, not the size.
    expect(
      batchTooLarge(refusal([{ pointer: '/instructions/3' }, { pointer: '/instructions/4' }]), 6),
    ).toBeNull();
    const skipped = new AnnuityApiError({
      status: 422,
      operation: 'postPatentInstructions',
      requestId: null,
      problem: {
        code: 'instruction_skipped',
        detail: 'too many renewals of one patent in the batch',
      } as Problem,
    });
    expect(batchTooLarge(skipped, 6)).toBeNull();
  });
});
