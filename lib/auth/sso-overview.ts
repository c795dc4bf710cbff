import type { Role } from '../policy/roles';

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
