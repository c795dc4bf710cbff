/**
 * What pages show of the service's API keys: never a key, only its last four
 * characters. Shared by the server (lib/server/connection) and the admin components.
 */
export interface ApiKeyView {
  /** A stored key's id, or 'environment' for ANNUITY_API_KEY. */
  id: string;
  source: 'stored' | 'environment';
  last4: string;
  label: string | null;
  active: boolean;
  expiresAt: string | null;
  expiredSeenAt: string | null;
  verifiedAt: string | null;
  scopes: Record<string, string> | null;
  createdAt: string | null;
  createdByEmail: string | null;
  activatedAt: string | null;
}

export interface ApiKeysOverview {
  keys: ApiKeyView[];
  switchedAt: string | null;
  /** Seconds after a switch before every instance uses the new key. */
  propagationSeconds: number;
}

/** The banner for admins about the key in use. */
export interface ApiKeyAlert {
  tone: 'danger' | 'warning';
  title: string;
  message: string;
}

export const ENVIRONMENT_KEY_ID = 'environment';
