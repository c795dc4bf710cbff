import { afterAll, beforeAll } from 'vitest';
import { type AnnuityClient, createAnnuityClient } from '@/lib/annuity/client';
import { currentYearMonth } from '@/lib/format/dates';
import type { Role } from '@/lib/policy/roles';
import { serviceEnv } from '@/lib/server/connection/testing';
import type { CreateKeyRequest, CreateTenantRequest } from '@/sandbox/operator-client';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { signIn, startAppHarness } from './app-harness';

export interface SandboxApp {
  sandbox: StartedSandbox;
  harness: Awaited<ReturnType<typeof startAppHarness>>;
  /** The tenant's key the dashboard uses. */
  key: string;
  /** The service read directly, to compare the dashboard's answers with. */
  service: AnnuityClient;
  /** A signed-in session cookie per role. */
  cookies: Record<Role, string>;
}

/**
 * `serviceEnv` for a file whose set-up starts `app`'s stand-in and dashboard: registers the
 * file's afterAll that stops both and puts the environment back.
 */
export function serviceEnvForFile(app: {
  harness?: { stop(): Promise<void> };
  sandbox?: { stop(): Promise<void> };
}): ReturnType<typeof serviceEnv> {
  const env = serviceEnv();
  afterAll(async () => {
    await app.harness?.stop();
    await app.sandbox?.stop();
    env.restore();
  });
  return env;
}

/**
 * The usual integration set-up, registered as this file's beforeAll/afterAll: a stand-in service
 * (its day the 15th of this month unless told) with one tenant and one key, the dashboard's server
 * side pointed at it through ANNUITY_API_URL/KEY (restored afterwards), and a session per role.
 * The fields are filled once beforeAll has run.
 */
export function setUpSandboxApp(options: {
  tenant: CreateTenantRequest;
  scopes: CreateKeyRequest['scopes'];
  dailyLimit?: number;
  today?: string;
}): SandboxApp {
  const app = {} as SandboxApp;
  const env = serviceEnvForFile(app);
  beforeAll(async () => {
    app.sandbox = await startSandbox({ today: options.today ?? `${currentYearMonth()}-15` });
    await app.sandbox.operator.createTenant(options.tenant);
    const { key } = await app.sandbox.operator.createKey({
      tenant: options.tenant.name,
      scopes: options.scopes,
      ...(options.dailyLimit === undefined ? {} : { dailyLimit: options.dailyLimit }),
    });
    app.key = key;
    env.point(app.sandbox.baseUrl, key);
    app.harness = await startAppHarness();
    const cookies = {} as Record<Role, string>;
    for (const role of ['paralegal', 'finance', 'manager', 'admin'] as const) {
      cookies[role] = await signIn(app.harness.users[role].email);
    }
    app.cookies = cookies;
    app.service = createAnnuityClient({ baseUrl: app.sandbox.baseUrl, apiKey: key, retries: 0 });
  }, 180_000);
  return app;
}
