import { describe, expect, it } from 'vitest';
import type { ApiKeyView } from '../../connection/api-key-views';
import { alertFor } from './key-alert';

const NOW = new Date('2026-03-16T10:00:00.000Z');

const key = (overrides: Partial<ApiKeyView>): ApiKeyView => ({
  id: 'k1',
  source: 'stored',
  last4: 'abcd',
  label: null,
  active: true,
  expiresAt: null,
  expiredSeenAt: null,
  verifiedAt: '2026-03-01T00:00:00.000Z',
  scopes: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  createdByEmail: 'admin@test.example',
  activatedAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

describe('the API key alert', () => {
  it('says nothing without a recorded expiry or an expired answer', () => {
    expect(alertFor(key({}), [], NOW)).toBeNull();
    expect(alertFor(key({ expiresAt: '2026-05-01T23:59:59.999Z' }), [], NOW)).toBeNull();
  });

  it('warns within 30 days, counting calendar days', () => {
    const alert = alertFor(key({ expiresAt: '2026-04-15T23:59:59.999Z' }), [], NOW);
    expect(alert).toMatchObject({ tone: 'warning' });
    expect(alert?.message).toContain('…abcd expires on 2026-04-15, in 30 days');
    expect(alertFor(key({ expiresAt: '2026-03-17T23:59:59.999Z' }), [], NOW)?.message).toContain('in 1 day.');
    expect(alertFor(key({ expiresAt: '2026-03-16T23:59:59.999Z' }), [], NOW)?.message).toContain(
      'expires today',
    );
  });

  it('is an alarm once the recorded date has passed', () => {
    expect(alertFor(key({ expiresAt: '2026-03-15T23:59:59.999Z' }), [], NOW)).toMatchObject({
      tone: 'danger',
    });
  });

  it('is an alarm when the service answered api_key_expired, and names a ready key', () => {
    const active = key({ expiredSeenAt: '2026-03-16T09:00:00.000Z' });
    const standby = key({ id: 'k2', last4: 'wxyz', active: false });
    const alert = alertFor(active, [active, standby], NOW);
    expect(alert).toMatchObject({ tone: 'danger' });
    expect(alert?.message).toContain('api_key_expired');
    expect(alert?.message).toContain('…wxyz is ready');
  });

  it('forgets an expired answer seen before the key was switched to', () => {
    const active = key({
      expiredSeenAt: '2026-02-01T00:00:00.000Z',
      activatedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(alertFor(active, [active], NOW)).toBeNull();
  });
});
