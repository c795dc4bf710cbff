import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import { createAnnuityClient } from '../../lib/annuity/client';
import { SCOPES } from '../../lib/annuity/schemas';
import { DEMO_API_KEY, DEMO_TENANT } from '../demo';
import { ensureDemoTenants } from '../demo-tenant';
import type { EventRecord } from '../domain/model';
import type { TenantState } from '../domain/tenant-state';
import { createSandboxApp } from '../http/app';
import { DROPPED_RESPONSES } from '../http/context';
import type { ProfileName, ProfileSwitches } from '../operator/schemas';
import { type CreateKeyRequest, type CreateTenantRequest, createOperatorClient } from '../operator-client';
import { SandboxProfile } from '../profiles';
import { SandboxService } from '../service';
import { createMemoryStore, type SandboxStore } from '../store/store';

/**
 * The stand-in service in the test's own process: the real Hono app answering through app.fetch
 * (no socket, no port), with an in-memory store unless one is given. Most suites use this; the
 * spawned-process path is covered by process.test.ts.
 */

export const TEST_TODAY = '2026-03-10';
export const OPERATOR_TOKEN = 'test-operator-token';
export const BASE_URL = 'http://sandbox.test';

export interface HarnessOptions {
  today?: string;
  store?: SandboxStore;
  /** Create the demo tenants (about 2,000 and 300 patents) as a first start would. Default true. */
  demo?: boolean;
  /** The behaviour profile (profiles.ts), with single switches on top. Default: `default`. */
  profile?: ProfileName;
  switches?: Partial<ProfileSwitches>;
}

export async function startInProcess(options: HarnessOptions = {}) {
  const service = await SandboxService.open({
    store: options.store ?? createMemoryStore(),
    today: options.today ?? TEST_TODAY,
    profile: new SandboxProfile(options.profile ?? 'default', options.switches),
  });
  if (options.demo ?? true) await ensureDemoTenants(service);
  const { app, faults } = createSandboxApp({ service, operatorToken: OPERATOR_TOKEN, log: () => undefined });

  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await app.fetch(new Request(input, init));
    // A dropped connection has no answer at all: what fetch reports then.
    if (DROPPED_RESPONSES.has(response)) throw new TypeError('fetch failed');
    return response;
  };
  const operator = createOperatorClient({ baseUrl: BASE_URL, token: OPERATOR_TOKEN, fetch: fetchImpl });

  const client = (apiKey: string) =>
    createAnnuityClient({ baseUrl: BASE_URL, apiKey, fetch: fetchImpl, retries: 0, timeoutMs: 30_000 });

  /** A raw request to the API (or any path), for what the typed client would not send. */
  const call = (
    path: string,
    init: { key?: string | null; method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const key = init.key === undefined ? DEMO_API_KEY : init.key;
    if (key !== null) headers['x-api-key'] = key;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('/')
      ? `${BASE_URL}${path.startsWith('/api') || path.startsWith('/operator') ? '' : '/api/v2/external'}${path}`
      : path;
    return fetchImpl(url, { method: init.method ?? 'GET', headers, body });
  };

  /** POST /patent-instructions (spec: Endpoints 10) with these instructions; the demo key unless one is given. */
  const postInstructions = (instructions: readonly unknown[], key?: string) =>
    call('/patent-instructions', { method: 'POST', key, body: { instructions } });

  async function tenantWithKey(
    input: CreateTenantRequest,
    key: Omit<Partial<CreateKeyRequest>, 'tenant'> = {},
  ): Promise<{ tenant: TenantState; key: string }> {
    await operator.createTenant(input);
    const created = await operator.createKey({
      tenant: input.name,
      scopes: key.scopes ?? [...SCOPES],
      ...key,
    });
    const tenant = service.tenantByName(input.name);
    if (!tenant) throw new Error('tenant not created');
    return { tenant, key: created.key };
  }

  return {
    service,
    app,
    faults,
    fetch: fetchImpl,
    operator,
    client,
    call,
    postInstructions,
    tenantWithKey,
    demoKey: DEMO_API_KEY,
    demo: () => {
      const tenant = service.tenantByName(DEMO_TENANT);
      if (!tenant) throw new Error('no demo tenant');
      return tenant;
    },
    close: () => service.close(),
  };
}

export type Harness = Awaited<ReturnType<typeof startInProcess>>;

/**
 * The service of one describe block (or of a whole file, called at its top): started before its
 * tests, closed after them. What it returns stands for the harness from the first hook on; a hook
 * registered after this call already sees the started service (vitest runs beforeAll in order).
 */
export function serviceForSuite(options: HarnessOptions = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startInProcess(options);
  });
  afterAll(() => started?.close());
  return new Proxy({} as Harness, {
    get(_target, property) {
      if (!started) throw new Error('the service starts in beforeAll: use it in a test or a later hook');
      return Reflect.get(started, property);
    },
  });
}

/** Parses with a strict schema and fails with every issue listed. */
export function expectStrict<S extends z.ZodType>(
  schema: S,
  value: unknown,
  label = 'response',
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 10)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
    expect.fail(`${label} does not match the strict schema:\n${issues}`);
  }
  return result.data;
}

/** Events of a tenant that satisfy a predicate, in due-date order. */
export function eventsWhere(tenant: TenantState, predicate: (event: EventRecord) => boolean): EventRecord[] {
  return [...tenant.eventsById.values()]
    .filter(predicate)
    .sort((a, b) =>
      a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.patent.ordinal - b.patent.ordinal,
    );
}

export function firstEventWhere(
  tenant: TenantState,
  predicate: (event: EventRecord) => boolean,
): EventRecord {
  const event = eventsWhere(tenant, predicate)[0];
  if (!event) throw new Error('no event matches');
  return event;
}

export async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    instance: string;
    code: string;
    requestId: string;
    requiredScope?: string;
    errors?: { pointer: string; detail: string }[];
    clientCaseReference?: string | null;
    missingPreviousRenewalDates?: string[];
  };
}
