import { type AnnuityClient, createAnnuityClient, renewalsDueQuery } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import { type PatentEvent, SCOPES } from '@/lib/annuity/schemas';
import { resetEnvForTests } from '@/lib/env';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { CreateTenantRequest } from '@/sandbox/operator-client';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { startAppHarness } from './app-harness';

/**
 * The dashboard's server side (route handlers called as functions, a fresh database, one user per
 * role) connected to the real stand-in service running as a child process with a tenant of its
 * own. The service's "today" is pinned mid-month so both sides agree on the current month.
 */
export interface UpstreamHarness {
  sandbox: StartedSandbox;
  app: Awaited<ReturnType<typeof startAppHarness>>;
  tenant: string;
  key: string;
  /** A client of our own for arranging and checking state directly at the service. */
  client: AnnuityClient;
  currentMonth: string;
  /** Upstream calls of one operation since the last `resetUsage` (from the operator API). */
  calls(operation: string): Promise<number>;
  resetUsage(): Promise<void>;
  stop(): Promise<void>;
}

export const TODAY = `${currentYearMonth()}-15`;

export async function startUpstreamHarness(
  tenant: CreateTenantRequest,
  options: {
    scopes?: readonly string[];
    /** The stand-in's behaviour profile; by default SANDBOX_PROFILE decides (vitest.config.ts). */
    profile?: 'default' | 'variant';
    /** The stand-in process's environment on top of ours (its time zone: TZ). */
    env?: Record<string, string>;
  } = {},
): Promise<UpstreamHarness> {
  const env = options.env ? { ...process.env, ...options.env } : undefined;
  const sandbox = await startSandbox({ today: TODAY, profile: options.profile, env });
  await sandbox.operator.createTenant(tenant);
  const { key } = await sandbox.operator.createKey({
    tenant: tenant.name,
    scopes: [...(options.scopes ?? SCOPES)],
  });
  const app = await startAppHarness();
  const saved = { url: process.env.ANNUITY_API_URL, key: process.env.ANNUITY_API_KEY };
  process.env.ANNUITY_API_URL = sandbox.baseUrl;
  process.env.ANNUITY_API_KEY = key;
  resetEnvForTests();
  return {
    sandbox,
    app,
    tenant: tenant.name,
    key,
    // Reads retried like the dashboard's: a profile may answer bursts of 503 (sandbox/profiles.ts).
    client: createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: key, retries: 2, retryBaseDelayMs: 20 }),
    currentMonth: currentYearMonth(),
    async calls(operation) {
      const usage = await sandbox.operator.getUsage(tenant.name);
      return usage.operations[operation] ?? 0;
    },
    async resetUsage() {
      await sandbox.operator.resetUsage(tenant.name);
    },
    async stop() {
      await app.stop();
      await sandbox.stop();
      process.env.ANNUITY_API_URL = saved.url;
      process.env.ANNUITY_API_KEY = saved.key;
      resetEnvForTests();
    },
  };
}

/** Every renewal due in the months from `from` to `to` (inclusive), with fees. */
export async function eventsBetween(client: AnnuityClient, from: string, to: string): Promise<PatentEvent[]> {
  const events: PatentEvent[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) {
    const listed = await listAll<PatentEvent>((currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod({ dueMonth: month, include: ['fees'], currentPage, itemsPerPage }),
    );
    events.push(...listed.items);
  }
  return events;
}

/** The renewals the service lists due in a from/to window, with their fees, every page. */
export async function renewalsDueIn(
  client: AnnuityClient,
  dueWindow: { from: string; to: string },
): Promise<PatentEvent[]> {
  const listed = await listAll<PatentEvent>((currentPage, itemsPerPage) =>
    client.getPatentEventsByPeriod(renewalsDueQuery(dueWindow, { currentPage, itemsPerPage })),
  );
  return listed.items;
}
