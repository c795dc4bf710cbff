import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env-schema';

/** The worker's settings, validated at start like every other one. */
describe('worker and mail settings', () => {
  it('default to the embedded worker, a 10 % background share and the outbox', () => {
    const env = parseEnv({});
    expect(env.WORKER).toBe('embedded');
    expect(env.BACKGROUND_QUOTA_PERCENT).toBe(10);
    expect(env.POLL_INTERVAL_MINUTES).toBe(30);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toContain('@');
  });

  it('refuse a share outside 0–100, a non-SMTP mail URL and an unknown worker mode, by name', () => {
    expect(() => parseEnv({ BACKGROUND_QUOTA_PERCENT: '150' })).toThrow(/BACKGROUND_QUOTA_PERCENT/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ WORKER: 'sometimes' })).toThrow(/WORKER/);
    expect(() => parseEnv({ POLL_INTERVAL_MINUTES: '1' })).toThrow(/POLL_INTERVAL_MINUTES/);
    expect(parseEnv({ SMTP_URL: 'smtps://user:secret@mail.example:465', WORKER: '' }).WORKER).toBe(
      'embedded',
    );
  });
});
