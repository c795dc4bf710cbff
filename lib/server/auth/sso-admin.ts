import 'server-only';
import type { SsoOverview } from '../../auth/sso-overview';
import { getDb } from '../../db';
import { getEnv } from '../../env';
import type { Role } from '../../policy/roles';
import { auditSuccess } from '../audit/audit';
import { publicOrigin } from './auth';
import { localPasswordsEnabled, ssoConfig } from './sso-config';
import { setSsoDefaultRole, ssoDefaultRole } from './sso-settings';

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
  await auditSuccess(actor, 'sso.default_role', null, requestId, { defaultRole: role });
  return ssoOverview();
}
