import type { Env } from '../../env-schema';
import { isRole, type Role } from '../../policy/roles';

/**
 * Single sign-on with the organisation's OpenID Connect provider, as the environment
 * configures it. Pure (no server-only): createAuth, the sign-in page and the start script read it.
 */

/** better-auth's id for the provider: the callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = 'oidc';

export interface SsoConfig {
  providerId: string;
  /** Shown on the button: "Sign in with <name>". */
  name: string;
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case domains an email must end in; empty means any the provider vouches for. */
  allowedDomains: string[];
  /** A claim (dotted path for nested ones, e.g. realm_access.roles) whose values map to roles. */
  roleClaim: string | null;
  /** Claim value → role, in the order written: the first value the user has wins. */
  roleMap: [string, Role][];
}

type SsoEnv = Pick<
  Env,
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_PROVIDER_NAME'
  | 'OIDC_ALLOWED_DOMAINS'
  | 'OIDC_ROLE_CLAIM'
  | 'OIDC_ROLE_MAP'
>;

export function ssoConfig(env: SsoEnv): SsoConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  const issuer = env.OIDC_ISSUER.replace(/\/+$/, '');
  return {
    providerId: SSO_PROVIDER_ID,
    name: env.OIDC_PROVIDER_NAME,
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    allowedDomains: parseList(env.OIDC_ALLOWED_DOMAINS).map((domain) => domain.toLowerCase()),
    roleClaim: env.OIDC_ROLE_CLAIM ?? null,
    roleMap: parseRoleMap(env.OIDC_ROLE_MAP),
  };
}

/** LOCAL_PASSWORDS=off leaves single sign-on as the only way in (env-schema requires it then). */
export function localPasswordsEnabled(env: Pick<Env, 'LOCAL_PASSWORDS'>): boolean {
  return env.LOCAL_PASSWORDS !== 'off';
}

function parseList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseRoleMap(value: string | undefined): [string, Role][] {
  const entries: [string, Role][] = [];
  for (const pair of parseList(value)) {
    const at = pair.lastIndexOf('=');
    const claimValue = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (claimValue && isRole(role)) entries.push([claimValue, role]);
  }
  return entries;
}

/** Whether an email belongs to one of the allowed domains (or a subdomain of one). */
export function emailDomainAllowed(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!domain || !email.includes('@')) return false;
  return allowedDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

/** The role the claim maps to, or null when the claim is absent or names no mapped value. */
export function roleFromClaims(profile: Record<string, unknown>, config: SsoConfig): Role | null {
  if (!config.roleClaim || config.roleMap.length === 0) return null;
  let value: unknown = profile;
  for (const segment of config.roleClaim.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  }
  const values = new Set(
    (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string'),
  );
  for (const [claimValue, role] of config.roleMap) if (values.has(claimValue)) return role;
  return null;
}
