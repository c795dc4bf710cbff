import { describe, expect, it } from 'vitest';
import { delayAfter, SIGN_IN_MAX_FAILURES } from './sign-in-limit';

describe('delayAfter', () => {
  it('is free up to the allowance, then doubles up to a ceiling', () => {
    for (let failures = 0; failures < SIGN_IN_MAX_FAILURES; failures++)
      expect(delayAfter(failures, SIGN_IN_MAX_FAILURES)).toBe(0);
    expect(delayAfter(5, 5)).toBe(15_000);
    expect(delayAfter(6, 5)).toBe(30_000);
    expect(delayAfter(7, 5)).toBe(60_000);
    expect(delayAfter(50, 5)).toBe(8 * 60_000);
  });
});
