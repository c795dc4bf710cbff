import { describe, expect, it } from 'vitest';
import { defaultPreferences } from './preferences';
import { crossedOffset, dueDigest, localTime } from './rules';

describe('crossedOffset', () => {
  it('is the smallest offset not below the days left', () => {
    expect(crossedOffset(31, [30, 7])).toBeNull();
    expect(crossedOffset(30, [30, 7])).toBe(30);
    expect(crossedOffset(8, [30, 7])).toBe(30);
    expect(crossedOffset(7, [7, 30])).toBe(7);
    expect(crossedOffset(0, [30, 7, 0])).toBe(0);
    expect(crossedOffset(-1, [30, 7])).toBeNull();
    expect(crossedOffset(3, [])).toBeNull();
  });
});

describe('dueDigest', () => {
  const prefs = defaultPreferences();

  it('is due from the chosen local hour, keyed by the local date', () => {
    const berlin = {
      ...prefs,
      timeZone: 'Europe/Berlin',
      digest: { frequency: 'daily' as const, hour: 8, weekday: 1 },
    };
    // 06:30 UTC in winter is 07:30 in Berlin: not yet; 07:00 UTC is 08:00.
    expect(dueDigest(berlin, new Date('2030-01-10T06:30:00Z'))).toBeNull();
    expect(dueDigest(berlin, new Date('2030-01-10T07:00:00Z'))).toEqual({
      rule: 'digest-daily',
      subjectKey: '2030-01-10',
    });
    // 23:30 UTC is already the next day in Berlin (00:30): a digest from midnight is that day's.
    const midnight = { ...berlin, digest: { ...berlin.digest, hour: 0 } };
    expect(dueDigest(midnight, new Date('2030-01-10T23:30:00Z'))?.subjectKey).toBe('2030-01-11');
    expect(dueDigest(berlin, new Date('2030-01-10T23:30:00Z'))).toBeNull();
  });

  it('sends the weekly digest on the chosen weekday only, and none when off', () => {
    const weekly = { ...prefs, digest: { frequency: 'weekly' as const, hour: 0, weekday: 5 } };
    expect(localTime(new Date('2030-05-17T12:00:00Z'), 'UTC').weekday).toBe(5);
    expect(dueDigest(weekly, new Date('2030-05-17T12:00:00Z'))).toEqual({
      rule: 'digest-weekly',
      subjectKey: '2030-05-17',
    });
    expect(dueDigest(weekly, new Date('2030-05-16T12:00:00Z'))).toBeNull();
    expect(dueDigest({ ...prefs, digest: { ...prefs.digest, frequency: 'off' } }, new Date())).toBeNull();
  });
});
