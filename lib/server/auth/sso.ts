import { AsyncLocalStorage } from 'node:async_hooks';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { user } from '../../db/schema';
import type { Env } from '../../env-schema';
import { emailDomainAllowed, roleFromClaims, type SsoConfig, ssoConfig } from './sso-config';
import { ssoDefaultRole } from './sso-settings';

/**
 * better-auth's wiring for single sign-on: the generic OAuth plugin speaking OpenID
 * Connect to the configured issuer (discovery, PKCE, ID tokens checked against the issuer's keys),
 * and a policy plugin with the dashboard's rules:
 * - only emails of the allowed domains get in, at every sign-in, not only the first;
 * - a new user gets the role the claim maps to, else the default role an admin chose, else is
 *   refused (no guessed role);
 * - an existing account with the same email is linked (the provider is the organisation's own);
 * - a user deactivated here gets no session, whatever the provider says.
 * A user removed or disabled at the provider cannot complete the provider's sign-in, so cannot
 * come back once the dashboard's session ends (its absolute lifetime bounds that).
 * Pure (no server-only), like auth-config.ts.
 */
/**
 * The provider's claims for the sign-in being completed. better-auth's user and session hooks do
 * not receive the profile, so the callback route runs inside this store (withSsoFlow) and the
 * profile mapping leaves the verified claims here for them.
 */
const ssoFlow = new AsyncLocalStorage<{ profile?: Record<string, unknown> }>();

export function withSsoFlow<T>(run: () => Promise<T>): Promise<T> {
  return ssoFlow.run({}, run);
}

export function ssoPlugins(db: Database, env: Env): BetterAuthPlugin[] {
  const config = ssoConfig(env);
  if (!config) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: config.providerId,
          name: config.name,
          discoveryUrl: config.discoveryUrl,
          requireIdTokenVerification: true,
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          // Runs after the ID token was checked: the claims are kept for the policy's hooks.
          mapProfileToUser(profile) {
            const flow = ssoFlow.getStore();
            if (flow) flow.profile = profile;
            return {};
          },
        },
      ],
    }),
    ssoPolicy(db, config),
  ];
}

function ssoPolicy(db: Database, config: SsoConfig): BetterAuthPlugin {
  const isSsoCallback = (context: unknown) =>
    (context as { params?: { id?: string } } | null)?.params?.id === config.providerId;
  const refuse = (code: string, message: string) => new APIError('FORBIDDEN', { code, message });
  const domainRefusal = () =>
    refuse('email_domain_not_allowed', 'This account’s email domain is not allowed to sign in here.');

  return {
    id: 'annuity-sso-policy',
    init(context) {
      return {
        // better-auth reads trusted providers before plugins start, so this one is added here.
        context: { trustedProviders: [...context.trustedProviders, config.providerId] },
        options: {
          account: { accountLinking: { enabled: true, requireLocalEmailVerified: false } },
          databaseHooks: {
            user: {
              create: {
                // A user the provider brings for the first time: allowed domain, and a role.
                async before(data, endpoint) {
                  if (!isSsoCallback(endpoint)) return;
                  if (!emailDomainAllowed(String(data.email ?? ''), config.allowedDomains))
                    throw domainRefusal();
                  const claims = ssoFlow.getStore()?.profile ?? {};
                  const role = roleFromClaims(claims, config) ?? (await ssoDefaultRole(db));
                  if (!role)
                    throw refuse(
                      'no_role_for_new_user',
                      'No role is set for new single sign-on users. Ask an administrator.',
                    );
                  return { data: { ...data, role } };
                },
              },
            },
            session: {
              create: {
                // Every sign-in, not only the first: the provider's email now, our deactivation.
                async before(session, endpoint) {
                  if (!isSsoCallback(endpoint)) return;
                  const [row] = await db
                    .select({ email: user.email, deactivatedAt: user.deactivatedAt })
                    .from(user)
                    .where(eq(user.id, session.userId));
                  if (!row || row.deactivatedAt)
                    throw refuse('account_deactivated', 'This account is deactivated in the dashboard.');
                  const fresh = ssoFlow.getStore()?.profile?.email;
                  const email = typeof fresh === 'string' ? fresh : row.email;
                  if (!emailDomainAllowed(email, config.allowedDomains)) throw domainRefusal();
                },
              },
            },
          },
        },
      };
    },
  };
}
