import { describe, expect, it } from 'vitest';
import { serviceDate } from './service-day';

/**
 * The service's day turns at its own midnight, not UTC's (spec: Limits 2), which RateLimit-Reset
 * announces (Limits 3): the date Today and the reminders count from is the service's.
 */
describe('serviceDate', () => {
  // 2026-11-27 22:30 UTC: already the 28th east of about UTC+1:30, still the 27th west of it.
  const now = new Date('2026-11-27T22:30:00Z');

  it("names the service's date from the midnight its quota resets at", () => {
    // Auckland in summer (UTC+13): midnight is 11:00 UTC; a reset announced a few seconds off.
    expect(serviceDate(new Date('2026-11-28T11:00:04Z'), now)).toBe('2026-11-28');
    // Berlin (UTC+1): midnight at 23:00 UTC, so 23:30 there, still the 27th.
    expect(serviceDate(new Date('2026-11-27T23:00:00Z'), now)).toBe('2026-11-27');
    // Tokyo (UTC+9) and India (UTC+5:30): the 28th.
    expect(serviceDate(new Date('2026-11-28T15:00:00Z'), now)).toBe('2026-11-28');
    expect(serviceDate(new Date('2026-11-28T18:30:00Z'), now)).toBe('2026-11-28');
    // New York (UTC−5) and Hawaii (UTC−10): still the 27th.
    expect(serviceDate(new Date('2026-11-28T05:00:00Z'), now)).toBe('2026-11-27');
    expect(serviceDate(new Date('2026-11-28T10:00:00Z'), now)).toBe('2026-11-27');
  });

  it('keeps the offset a reset from an earlier day told, and the UTC date without any', () => {
    // The last reading was two days ago; its midnight (Auckland's) still names the date now.
    expect(serviceDate(new Date('2026-11-26T11:00:00Z'), now)).toBe('2026-11-28');
    expect(serviceDate(null, now)).toBe('2026-11-27');
  });
});
