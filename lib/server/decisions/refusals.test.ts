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
});
