import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from '../../db/open';
import { account, session, user, verification } from '../../db/schema';
import type { Env } from '../../env-schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../policy/password';
import { ssoPlugins } from './sso';
import { localPasswordsEnabled } from './sso-config';

/** The default absolute lifetime of a session (SESSION_MAX_AGE_HOURS overrides it). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/**
 * How long sessions live. The absolute lifetime is better-auth's expiry, never extended;
 * the idle timeout is enforced on every request from the session row's `updatedAt`, which
 * lib/server/auth/session.ts moves forward as the user works.
 */
export function sessionPolicy(env: Pick<Env, 'SESSION_MAX_AGE_HOURS' | 'SESSION_IDLE_MINUTES'>) {
  return {
    maxAgeSeconds: Math.round(env.SESSION_MAX_AGE_HOURS * 3600),
    idleSeconds: env.SESSION_IDLE_MINUTES * 60,
  };
}

/** The address users reach the dashboard at; session cookies and origin checks are bound to it. */
export function publicOrigin(env: Env): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}

/** Origins allowed to send state-changing requests: the public one and the local aliases of it. */
export function trustedOrigins(env: Env): string[] {
  return [...new Set([publicOrigin(env), `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`])];
}

/**
 * The better-auth configuration. Pure (no server-only) so the start script can provision demo users
 * with the same password hashing; the app reaches it through `getAuth()` in lib/server/auth/auth.ts.
 */
export function createAuth(db: Database, env: Env) {
  const secret = env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set (npm start generates one; a deployment must set it)');
  const origin = publicOrigin(env);
  const sessions = sessionPolicy(env);
  return betterAuth({
    appName: 'Annuity Console',
    baseURL: origin,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      // LOCAL_PASSWORDS=off: single sign-on only; better-auth then refuses every password sign-in.
      enabled: localPasswordsEnabled(env),
      // Accounts are created by an administrator only; there is no public sign-up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
    },
    session: {
      expiresIn: sessions.maxAgeSeconds,
      updateAge: sessions.maxAgeSeconds,
      // The absolute lifetime is absolute: better-auth must not slide the expiry forward.
      disableSessionRefresh: true,
      // Every request re-reads the session row, so a deactivation or role change applies at once.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: true, defaultValue: 'paralegal', input: false },
        deactivatedAt: { type: 'date', required: false, input: false },
        isDemo: { type: 'boolean', required: false, defaultValue: false, input: false },
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
        // Set when the user is created, so a user given a list of clients never works for all of
        // them, not even before the list is written (lib/server/auth/user-admin.ts).
        allClients: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    // Sign-in attempts are limited per email in lib/server/auth/sign-in-limit.ts, in the shared database.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Single sign-on with OpenID Connect when OIDC_* is set (lib/server/auth/sso.ts).
    plugins: ssoPlugins(db, env),
    advanced: {
      cookiePrefix: 'annuity',
      useSecureCookies: origin.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
