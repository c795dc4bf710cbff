import 'server-only';
import { getDb } from '../../db';
import { getEnv } from '../../env';
import type { Role } from '../../policy/roles';
import { recordAudit } from '../audit/audit';
import { publicOrigin } from './auth';
import { localPasswordsEnabled, ssoConfig } from './sso-config';
import { setSsoDefaultRole, ssoDefaultRole } from './sso-settings';

/** What the connection page shows of single sign-on: never the client secret. */
export interface SsoOverview {
  configured: boolean;
  providerName: string | null;
  issuer: string | null;
  /** The redirect URI to register with the provider. */
  redirectUri: string;
  allowedDomains: string[];
  roleClaim: string | null;
  roleMap: [string, Role][];
  defaultRole: Role | null;
  localPasswords: boolean;
}

export async function ssoOverview(): Promise<SsoOverview> {
  const env = getEnv();
  const config = ssoConfig(env);
  return {
    configured: config !== null,
    providerName: config?.name ?? null,
    issuer: config?.issuer ?? null,
    redirectUri: `${publicOrigin(env)}/api/auth/callback/${config?.providerId ?? 'oidc'}`,
    allowedDomains: config?.allowedDomains ?? [],
    roleClaim: config?.roleClaim ?? null,
    roleMap: config?.roleMap ?? [],
    defaultRole: await ssoDefaultRole(await getDb()),
    localPasswords: localPasswordsEnabled(env),
  };
}

export async function changeSsoDefaultRole(
  role: Role | null,
  actor: { userId: string; email: string },
  requestId: string,
): Promise<SsoOverview> {
  await setSsoDefaultRole(await getDb(), role, actor.email);
  await recordAudit({
    actor,
    action: 'sso.default_role',
    outcome: 'success',
    requestId,
    details: { defaultRole: role },
  });
  return ssoOverview();
}
