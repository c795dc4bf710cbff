import { describe, expect, it } from 'vitest';
import { isDemoEmail, upstreamIsStandIn } from './demo-policy';

const env = (values: {
  ANNUITY_API_URL?: string;
  ANNUITY_UPSTREAM_IS_SANDBOX?: '0' | '1';
  SANDBOX_PORT?: number;
}) => ({
  SANDBOX_PORT: 4010,
  ...values,
});

describe('upstreamIsStandIn', () => {
  it('is the stand-in with no upstream configured, or at its address on this machine', () => {
    expect(upstreamIsStandIn(env({}))).toBe(true);
    expect(upstreamIsStandIn(env({ ANNUITY_API_URL: 'http://127.0.0.1:4010' }))).toBe(true);
    expect(upstreamIsStandIn(env({ ANNUITY_API_URL: 'http://localhost:4110', SANDBOX_PORT: 4110 }))).toBe(
      true,
    );
    expect(
      upstreamIsStandIn(env({ ANNUITY_API_URL: 'http://127.0.0.1:61234', ANNUITY_UPSTREAM_IS_SANDBOX: '1' })),
    ).toBe(true);
  });

  it('is a real service anywhere else, whatever a flag claims', () => {
    expect(upstreamIsStandIn(env({ ANNUITY_API_URL: 'https://api.example.test' }))).toBe(false);
    expect(
      upstreamIsStandIn(
        env({ ANNUITY_API_URL: 'https://api.example.test', ANNUITY_UPSTREAM_IS_SANDBOX: '1' }),
      ),
    ).toBe(false);
    expect(upstreamIsStandIn(env({ ANNUITY_API_URL: 'http://127.0.0.1:8443' }))).toBe(false);
    expect(
      upstreamIsStandIn(env({ ANNUITY_API_URL: 'http://127.0.0.1:4010', ANNUITY_UPSTREAM_IS_SANDBOX: '0' })),
    ).toBe(false);
  });
});

describe('isDemoEmail', () => {
  it('recognises the demo accounts by their reserved domain', () => {
    expect(isDemoEmail('Admin@Demo.Test ')).toBe(true);
    expect(isDemoEmail('admin@demo.test.example.com')).toBe(false);
    expect(isDemoEmail('admin@notdemo.test')).toBe(false);
  });
});
