import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env-schema';
import { emailDomainAllowed, localPasswordsEnabled, roleFromClaims, ssoConfig } from './sso-config';

const SSO = {
  OIDC_ISSUER: 'https://login.corp.example/realms/staff/',
  OIDC_CLIENT_ID: 'annuity-console',
  OIDC_CLIENT_SECRET: 'a client secret',
};

/** The configuration read from the three settings above and `more`. */
const ssoWith = (more: Record<string, string>) => ssoConfig(parseEnv({ ...SSO, ...more }));

describe('single sign-on configuration', () => {
  it('is off until issuer, client id and secret are all set', () => {
    expect(ssoConfig(parseEnv({}))).toBeNull();
    expect(() => parseEnv({ OIDC_ISSUER: SSO.OIDC_ISSUER })).toThrow(
      /OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/,
    );
  });

  it('reads the provider, the domains and the role map', () => {
    const config = ssoWith({
      OIDC_PROVIDER_NAME: 'Corp ID',
      OIDC_ALLOWED_DOMAINS: 'Corp.example, corp-ip.example',
      OIDC_ROLE_CLAIM: 'realm_access.roles',
      OIDC_ROLE_MAP: 'ip-managers=manager, ip-finance=finance,ip-paralegals=paralegal',
    });
    expect(config).toMatchObject({
      providerId: 'oidc',
      name: 'Corp ID',
      issuer: 'https://login.corp.example/realms/staff',
      discoveryUrl: 'https://login.corp.example/realms/staff/.well-known/openid-configuration',
      allowedDomains: ['corp.example', 'corp-ip.example'],
      roleClaim: 'realm_access.roles',
      roleMap: [
        ['ip-managers', 'manager'],
        ['ip-finance', 'finance'],
        ['ip-paralegals', 'paralegal'],
      ],
    });
  });

  it('refuses a plain-http issuer unless it is a loopback address', () => {
    expect(() => parseEnv({ ...SSO, OIDC_ISSUER: 'http://login.corp.example' })).toThrow(
      /OIDC_ISSUER: must be https/,
    );
    expect(ssoConfig(parseEnv({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:9999' }))?.issuer).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('refuses a role map naming an unknown role, or without its claim', () => {
    expect(() => parseEnv({ ...SSO, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'x=emperor' })).toThrow(
      EnvError,
    );
    expect(() => parseEnv({ ...SSO, OIDC_ROLE_MAP: 'x=admin' })).toThrow(/OIDC_ROLE_CLAIM/);
  });

  it('turns local passwords off only when single sign-on is configured', () => {
    expect(localPasswordsEnabled(parseEnv({}))).toBe(true);
    expect(() => parseEnv({ LOCAL_PASSWORDS: 'off' })).toThrow(/LOCAL_PASSWORDS/);
    expect(localPasswordsEnabled(parseEnv({ ...SSO, LOCAL_PASSWORDS: 'off' }))).toBe(false);
  });

  it('never names a secret in its error', () => {
    try {
      parseEnv({ OIDC_CLIENT_SECRET: 'super-secret-value' });
    } catch (error) {
      expect((error as Error).message).not.toContain('super-secret-value');
    }
  });
});

describe('allowed email domains', () => {
  it('accepts the domains and their subdomains, nothing else', () => {
    const domains = ['corp.example'];
    expect(emailDomainAllowed('ada@corp.example', domains)).toBe(true);
    expect(emailDomainAllowed('ada@CORP.example', domains)).toBe(true);
    expect(emailDomainAllowed('ada@eu.corp.example', domains)).toBe(true);
    expect(emailDomainAllowed('ada@evilcorp.example', domains)).toBe(false);
    expect(emailDomainAllowed('ada@corp.example.evil', domains)).toBe(false);
    expect(emailDomainAllowed('corp.example', domains)).toBe(false);
    expect(emailDomainAllowed('anyone@anywhere.example', [])).toBe(true);
  });
});

describe('role from a claim', () => {
  const config = ssoWith({
    OIDC_ROLE_CLAIM: 'realm_access.roles',
    OIDC_ROLE_MAP: 'ip-managers=manager,ip-paralegals=paralegal',
  });
  if (!config) throw new Error('configured above');

  it('follows a nested claim and takes the first mapped value in the configured order', () => {
    expect(roleFromClaims({ realm_access: { roles: ['ip-paralegals', 'ip-managers'] } }, config)).toBe(
      'manager',
    );
    expect(roleFromClaims({ realm_access: { roles: ['ip-paralegals'] } }, config)).toBe('paralegal');
  });

  it('reads a single string value too', () => {
    expect(roleFromClaims({ realm_access: { roles: 'ip-managers' } }, config)).toBe('manager');
  });

  it('gives no role when the claim is absent or maps to nothing', () => {
    expect(roleFromClaims({}, config)).toBeNull();
    expect(roleFromClaims({ realm_access: { roles: ['staff'] } }, config)).toBeNull();
    expect(roleFromClaims({ realm_access: 'ip-managers' }, config)).toBeNull();
  });
});
