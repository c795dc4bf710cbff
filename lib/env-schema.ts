import { z } from 'zod';
import { parseTrustProxy } from './http/forwarded';

/**
 * Every setting the dashboard reads from the environment. Pure (no `server-only`) so the start
 * script can validate before anything is spawned; the app reads it through `lib/env.ts`.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalString = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const port = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_535).default(fallback));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port(3000),
    SANDBOX_PORT: port(4010),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('.data')),
    DATABASE_URL: optionalString(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }),
    ),
    ANNUITY_API_URL: optionalString(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    // spec: Authentication 1 — the key is a 64-character hexadecimal string.
    ANNUITY_API_KEY: optionalString(
      z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hexadecimal key issued by the service'),
    ),
    AUTH_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    PUBLIC_URL: optionalString(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    // Set by `npm start` when it started the stand-in service itself; demo accounts work
    // only against the stand-in (lib/server/auth/demo-policy.ts), never a real service.
    ANNUITY_UPSTREAM_IS_SANDBOX: optionalString(z.enum(['0', '1'])),
    // How many reverse proxies in front of the dashboard may be believed about the client
    // (X-Forwarded-For, -Host, -Proto). 0: none, the headers are ignored. `true` means 1.
    TRUST_PROXY: z.preprocess(parseTrustProxy, z.coerce.number().int().min(0).max(10).default(0)),
    // A session ends this long after sign-in whatever happens (absolute lifetime) …
    SESSION_MAX_AGE_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .min(0.25)
        .max(24 * 30)
        .default(12),
    ),
    // … or after this long without a request (idle timeout).
    SESSION_IDLE_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(5)
        .max(24 * 60 * 30)
        .default(60),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SNAPSHOT_MAX_AGE_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(720)),
    // How far an invoice line may stray from the estimate recorded when its decision was
    // sent before it is flagged. A decimal string, so the comparison stays decimal (big.js).
    VARIANCE_THRESHOLD_PERCENT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 5 or 2.5')
        .refine((value) => Number(value) <= 100, 'must be at most 100')
        .default('5'),
    ),
    // The secret that encrypts API keys entered in the dashboard. Without it the key is
    // derived from AUTH_SECRET (HKDF); either way, changing it makes stored keys unreadable.
    KEY_ENCRYPTION_SECRET: optionalString(z.string().min(32, 'must be at least 32 characters')),
    // Single sign-on with OpenID Connect (lib/server/auth/sso-config.ts reads these).
    OIDC_ISSUER: optionalString(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    OIDC_CLIENT_ID: optionalString(z.string().min(1)),
    OIDC_CLIENT_SECRET: optionalString(z.string().min(1)),
    OIDC_PROVIDER_NAME: z.preprocess(
      emptyToUndefined,
      z.string().min(1).max(60).default('your organisation'),
    ),
    OIDC_ALLOWED_DOMAINS: optionalString(
      z
        .string()
        .regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, 'must be a comma-separated list of domains'),
    ),
    OIDC_ROLE_CLAIM: optionalString(z.string().min(1)),
    OIDC_ROLE_MAP: optionalString(
      z
        .string()
        .regex(
          /^\s*[^=,]+=(paralegal|finance|manager|admin)(\s*,\s*[^=,]+=(paralegal|finance|manager|admin))*\s*$/,
          'must read claim-value=role, … with roles paralegal, finance, manager or admin',
        ),
    ),
    LOCAL_PASSWORDS: z.enum(['on', 'off']).default('on'),
    // Background work (lib/server/jobs). The worker runs inside the dashboard process
    // unless WORKER=off (several instances on PostgreSQL may leave it to `npm run worker`).
    WORKER: z.preprocess(emptyToUndefined, z.enum(['embedded', 'off']).default('embedded')),
    // The share of the daily quota (spec: Limits 3) that background reads may use.
    BACKGROUND_QUOTA_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(10)),
    // The synced copy (lib/server/sync): how often each tier of months is read again, in minutes
    // (urgent: decidable now, in grace or due within about 60 days; soon: the next few months;
    // far: the rest of the forecast horizon), and the share of the daily quota the sync may use
    // (spec: Limits 2–3). When the plan would spend more, every cadence stretches alike.
    SYNC_URGENT_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(15)),
    SYNC_SOON_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(10080).default(180)),
    SYNC_FAR_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(60).max(43200).default(1440),
    ),
    SYNC_QUOTA_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(90).default(40)),
    // Upstream calls one user may spend on "Refresh now" per day.
    REFRESH_CALLS_PER_USER: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(100000).default(1000),
    ),
    POLL_INTERVAL_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(5).max(1440).default(30),
    ),
    // How long a renewal of a batch whose answer was lost may stay "not confirmed" (the service
    // still shows it undecided) before it goes back to the draft: long enough for a slow service
    // to finish the work (spec: Errors, 5xx behaviour not shown).
    UNKNOWN_OUTCOME_WAIT_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().min(0.1).max(720).default(24),
    ),
    // How many months ahead the forecast reads, from the current month (12 to 36).
    FORECAST_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(12).max(36).default(24)),
    // Alert when a grace period ends within this many days (a user's own offsets may add more).
    GRACE_ALERT_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(14)),
    // Raise to the managers, once, a renewal whose grace period ends within this many days that
    // nobody decided or put in a batch although it was shown to someone.
    ESCALATION_GRACE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(60).default(5)),
    // Without SMTP_URL every message goes to the outbox that admins read in the dashboard.
    SMTP_URL: optionalString(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().min(3).default('Annuity Console <annuity-console@localhost>'),
    ),
  })
  .superRefine((env, ctx) => {
    for (const issue of ssoEnvIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
    if (env.ANNUITY_API_URL && !isHttpsOrLoopback(env.ANNUITY_API_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANNUITY_API_URL'],
        message: 'must be https (the API key travels with every request) unless it is a loopback address',
      });
    }
    if (env.SESSION_IDLE_MINUTES > env.SESSION_MAX_AGE_HOURS * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_IDLE_MINUTES'],
        message: 'must not exceed SESSION_MAX_AGE_HOURS',
      });
    }
    if (env.ANNUITY_API_URL && !env.ANNUITY_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANNUITY_API_KEY'],
        message: 'is required when ANNUITY_API_URL points at a real service',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL names this machine (127.0.0.0/8, ::1, localhost): traffic that never leaves it. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function isHttpsOrLoopback(url: string): boolean {
  return new URL(url).protocol === 'https:' || isLoopbackUrl(url);
}

/**
 * Single sign-on is all or nothing: a half configuration is refused at start-up rather than
 * found at the first sign-in. The issuer must be https (its discovery document names the keys
 * ID tokens are checked with) unless it is a loopback address, as in the tests.
 */
function ssoEnvIssues(env: {
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_ROLE_CLAIM?: string;
  OIDC_ROLE_MAP?: string;
  LOCAL_PASSWORDS: 'on' | 'off';
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const parts = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  const configured = parts.every(Boolean);
  if (parts.some(Boolean) && !configured) {
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const)
      if (!env[name]) issues.push({ path: [name], message: 'is required when single sign-on is configured' });
  }
  if (env.OIDC_ISSUER) {
    const issuer = new URL(env.OIDC_ISSUER);
    if (issuer.protocol !== 'https:' && !LOOPBACK_HOSTS.has(issuer.hostname))
      issues.push({ path: ['OIDC_ISSUER'], message: 'must be https unless it is a loopback address' });
  }
  if (env.OIDC_ROLE_MAP && !env.OIDC_ROLE_CLAIM)
    issues.push({ path: ['OIDC_ROLE_CLAIM'], message: 'is required when OIDC_ROLE_MAP is set' });
  if (env.LOCAL_PASSWORDS === 'off' && !configured)
    issues.push({ path: ['LOCAL_PASSWORDS'], message: 'can be off only when single sign-on is configured' });
  return issues;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment, throwing one message that names every bad variable (never its value). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
