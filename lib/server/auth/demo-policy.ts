import { type Env, isLoopbackUrl } from '../../env-schema';

/**
 * Demo accounts (lib/server/auth/demo-users.ts) have published passwords, one of them an
 * administrator's. They may sign in only while the upstream is the stand-in service: pointing the
 * same database at a real service must shut them out, at sign-in and for sessions already open.
 * Pure (no server-only): the start script says the same thing in its output.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.test';

/**
 * Decided from the configured upstream, however the dashboard was started. No ANNUITY_API_URL
 * means no real service can be reached. Otherwise the upstream is the stand-in only if it is on
 * this machine AND is the stand-in's address: the port `npm start` gives it (SANDBOX_PORT), or any
 * loopback port when the process that started the stand-in says so (ANNUITY_UPSTREAM_IS_SANDBOX=1,
 * as `npm start` and the benchmarks do). A remote URL is a real service whatever a flag claims.
 */
export function upstreamIsStandIn(
  env: Pick<Env, 'ANNUITY_API_URL' | 'SANDBOX_PORT' | 'ANNUITY_UPSTREAM_IS_SANDBOX'>,
): boolean {
  if (!env.ANNUITY_API_URL) return true;
  if (env.ANNUITY_UPSTREAM_IS_SANDBOX === '0' || !isLoopbackUrl(env.ANNUITY_API_URL)) return false;
  if (env.ANNUITY_UPSTREAM_IS_SANDBOX === '1') return true;
  const url = new URL(env.ANNUITY_API_URL);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return port === env.SANDBOX_PORT;
}

export function demoAccountsAllowed(
  env: Pick<Env, 'ANNUITY_API_URL' | 'SANDBOX_PORT' | 'ANNUITY_UPSTREAM_IS_SANDBOX'>,
): boolean {
  return upstreamIsStandIn(env);
}

/** Demo rows created before the `is_demo` column existed are recognised by their address. */
export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}
