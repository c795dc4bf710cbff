import { describe, expect, it } from 'vitest';
import { monthViewReturn, reviewHref } from './review-link';

describe('the review remembers its month view', () => {
  it('carries the month view query to the review and back', () => {
    const review = reviewHref('?month=2027-01&status=open&sort=dueDate.desc');
    const from = new URL(review, 'http://x').searchParams.get('from') ?? undefined;
    expect(monthViewReturn(from)).toBe('/renewals?month=2027-01&status=open&sort=dueDate.desc');
  });

  it('opens the plain review, and goes back to the default month, when there is no query', () => {
    expect(reviewHref('')).toBe('/renewals/review');
    expect(monthViewReturn(undefined)).toBe('/renewals');
    expect(monthViewReturn(['a', 'b'])).toBe('/renewals');
  });

  it('never leaves the month view, whatever the parameter says', () => {
    for (const hostile of ['//evil.example', 'https://evil.example/', '/..//evil.example', '\\\\evil']) {
      const back = monthViewReturn(hostile);
      expect(new URL(back, 'http://local.invalid').host).toBe('local.invalid');
      expect(back.startsWith('/renewals')).toBe(true);
    }
  });

  it('ignores an oversized parameter', () => {
    expect(monthViewReturn(`month=${'9'.repeat(3_000)}`)).toBe('/renewals');
  });
});
