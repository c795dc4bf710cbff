import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the single sign-on tests: the `oidc-provider`
 * package on a free loopback port, with a login page of our own (so a user removed here cannot
 * log in) and consent granted to our one client without asking. Its users are an editable map.
 */

interface TestIdentity {
  email: string;
  name: string;
  password: string;
  /** Sent as the `groups` claim (the tests map it to roles). */
  groups?: string[];
}

export interface StartedOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Keyed by subject (`sub`); delete one to remove the user at the provider. */
  users: Map<string, TestIdentity>;
  stop(): Promise<void>;
}

export const LOGIN_FIELDS = { login: 'login', password: 'password' } as const;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(response: ServerResponse, uid: string, message = ''): void {
  response.writeHead(message ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><title>Sign in</title><p>${message}</p>` +
      `<form method="post" action="/interaction/${uid}/login">` +
      `<input name="${LOGIN_FIELDS.login}"><input name="${LOGIN_FIELDS.password}" type="password">` +
      '<button>Sign in</button></form>',
  );
}

export async function startOidcProvider(options: { redirectUri: string }): Promise<StartedOidcProvider> {
  const users = new Map<string, TestIdentity>();
  const clientId = 'annuity-console-test';
  const clientSecret = 'a-client-secret-for-the-tests-only';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };

  let provider: Provider | undefined;
  const server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // Every claim in the ID token, as many corporate providers send it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><p>${out.error}</p>`;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const identity = users.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: identity.email,
          email_verified: true,
          name: identity.name,
          groups: identity.groups ?? [],
        }),
      };
    },
    // Our dashboard is the organisation's own application: no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { Grant } = ctx.oidc.provider;
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grant = new Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const current = provider as Provider;
    const path = new URL(request.url ?? '/', issuer).pathname;
    const interaction = path.match(/^\/interaction\/([^/]+)(\/login)?$/);
    if (!interaction) {
      callback(request, response);
      return;
    }
    const uid = interaction[1] as string;
    // Throws for an interaction the provider does not know (expired, or forged).
    await current.interactionDetails(request, response);
    if (request.method === 'GET') {
      loginPage(response, uid);
      return;
    }
    const form = await readForm(request);
    const login = form.get(LOGIN_FIELDS.login) ?? '';
    const entry = [...users.entries()].find(([, identity]) => identity.email === login);
    if (!entry || entry[1].password !== form.get(LOGIN_FIELDS.password)) {
      loginPage(response, uid, 'Unknown user or wrong password');
      return;
    }
    await current.interactionFinished(
      request,
      response,
      { login: { accountId: entry[0] } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
