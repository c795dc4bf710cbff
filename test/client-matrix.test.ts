import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { currentYearMonth } from '@/lib/format/dates';
import type { Role } from '@/lib/policy/roles';
import { allows } from '@/lib/server/http/route';
import { jsonRequest } from './app-harness';
import { grantClientsAs, setUpTwoClients } from './client-grants';
import { putDraftAs } from './draft-fixtures';
import { type DiscoveredRoute, discoverRoutes } from './routes';

/**
 * The role × client matrix (spec: Authentication 1 and rule 2, each client's data is its own):
 * users granted one client, in every role, ask every route that names a record (a patent, a
 * renewal, an invoice, a batch, a document) for the other client's record and get 404, the answer
 * of a record that does not exist; and no list or export they can read mentions the other client's
 * records. Routes are found on disk, so a new one cannot escape the matrix.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const OTHER = 'other-client';
const ROLES_TESTED: Role[] = ['paralegal', 'finance', 'manager'];

interface Records {
  /** A month holding some of the client's renewals. */
  month: string;
  patentId: string;
  eventId: string;
  invoiceId: string;
  batchId: string;
  /** Every id of the client's that an answer must not mention to a user of the other client. */
  ids: Set<string>;
}

const app = setUpTwoClients({
  first: { name: 'own', patents: 25, seed: 21 },
  second: { name: 'other', patents: 20, seed: 22 },
  secondClient: 'Other Client',
  sync: true,
});
let routes: DiscoveredRoute[];
const records = {} as Record<'own' | 'other', Records>;

async function recordsOf(service: AnnuityClient, batchId: string): Promise<Records> {
  const ids = new Set<string>();
  const { data: invoices } = await service.getInvoices({ itemsPerPage: 100 });
  const invoice = invoices.data.find((candidate) => candidate.fees.some((line) => line.eventId));
  const line = invoice?.fees.find((candidate) => candidate.eventId);
  for (const each of invoices.data) ids.add(each.id);
  const { data: patents } = await service.getPatents({ itemsPerPage: 100 });
  for (const patent of patents.data) ids.add(patent.id);
  let patentId = '';
  let eventId = line?.eventId ?? '';
  let month = currentYearMonth();
  for (const patent of patents.data) {
    const { data: events } = await service.getPatentEvents(patent.id);
    for (const event of events) {
      ids.add(event.id);
      if (event.id === eventId) patentId = patent.id;
      if (event.eventType === 'RENEWAL' && event.dueDate.slice(0, 7) > month && month === currentYearMonth())
        month = event.dueDate.slice(0, 7);
    }
  }
  if (!patentId) {
    const first = patents.data[0];
    patentId = first?.id ?? '';
    eventId = (await service.getPatentEvents(patentId)).data[0]?.id ?? '';
  }
  ids.add(batchId);
  return { month, patentId, eventId, invoiceId: invoice?.id ?? '', batchId, ids };
}

beforeAll(async () => {
  routes = await discoverRoutes(root);

  // One batch per client, sent by the manager (who works for both).
  const { first: ownService, second: otherService } = app.services;
  const open = async (service: AnnuityClient) => {
    const { data: patents } = await service.getPatents({ itemsPerPage: 100 });
    for (const patent of patents.data) {
      const event = (await service.getPatentEvents(patent.id)).data.find((candidate) =>
        candidate.instructability?.allowedDecisions.includes('SKIP_THIS_TIME'),
      );
      if (event) return event;
    }
    throw new Error('no open renewal');
  };
  const draft = await putDraftAs(app.cookies.manager, [
    draftEntryOf(await open(ownService), 'SKIP_THIS_TIME'),
    draftEntryOf(await open(otherService), 'SKIP_THIS_TIME'),
  ]);
  const { POST: send } = await import('@/app/api/decisions/batches/route');
  const sent = (await (
    await send(
      jsonRequest('/api/decisions/batches', {
        method: 'POST',
        cookie: app.cookies.manager,
        body: { batchKey: draft.batchKey, dropConfirmations: [] },
      }),
    )
  ).json()) as { batches: BatchView[] };
  const batchOf = (connection: string) =>
    sent.batches.find((batch) => batch.connection === connection)?.id ?? '';
  // The users tested work for the second client only: the first client's records (the default
  // connection's, which every single-client page used to read) are the ones they must never see.
  records.own = await recordsOf(otherService, batchOf(OTHER));
  records.other = await recordsOf(ownService, batchOf('default'));
  expect(Object.values(records.other).every((value) => value !== '')).toBe(true);

  // Every tested role now works for the second client only.
  for (const role of ROLES_TESTED)
    await grantClientsAs(app.cookies.admin, app.harness.users[role].id, [OTHER]);
}, 240_000);

/** The record a route's parameter names, of one client; null for a route naming something else. */
function paramsFor(route: DiscoveredRoute, of: Records): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const name of Object.keys(route.params)) {
    if (name === 'patentId') values[name] = of.patentId;
    else if (name === 'eventId') values[name] = of.eventId;
    else if (name === 'invoiceId') values[name] = of.invoiceId;
    else if (name === 'batchId') values[name] = of.batchId;
    else if (name === 'kind') values[name] = 'invoice';
    else if (name === 'month') values[name] = of.month;
    else return null;
  }
  return Object.keys(values).length > 0 ? values : null;
}

/**
 * The queries a list or export needs to answer at all (the months of both clients' renewals), so
 * the matrix reads what a user would see rather than a 400.
 */
function listQueries(route: DiscoveredRoute): string[] {
  const months = [currentYearMonth(), records.own.month, records.other.month];
  const file = route.file;
  if (file === 'app/api/renewals/route.ts' || file === 'app/api/tracking/route.ts')
    return months.map((month) => `month=${month}`);
  if (file === 'app/api/renewals/export/route.ts') return months.map((month) => `month=${month}&format=csv`);
  if (file === 'app/api/portfolio/export/route.ts' || file === 'app/api/invoices/export/route.ts')
    return ['format=csv'];
  if (file === 'app/api/analytics/export/route.ts')
    return ['month', 'office', 'surcharges', 'variance'].map((table) => `table=${table}&format=csv`);
  if (file === 'app/api/analytics/forecast/export/route.ts')
    return ['month', 'office', 'owner', 'family', 'patents'].map((table) => `table=${table}&format=csv`);
  if (file === 'app/api/signals/route.ts') return [`patentId=${records.other.patentId}`];
  return [''];
}

const pathOf = (route: DiscoveredRoute, values: Record<string, string>) =>
  route.file
    .replace(/^app/, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\/\([^)]*\)/g, '')
    .replace(/\[(\w+)\]/g, (_, name: string) => values[name] ?? name);

async function ask(
  route: DiscoveredRoute,
  values: Record<string, string>,
  role: Role,
  body?: unknown,
  query = '',
) {
  return route.handler(
    jsonRequest(`${pathOf(route, values)}${query ? `?${query}` : ''}`, {
      method: route.method,
      cookie: app.cookies[role],
      body,
    }),
    { params: Promise.resolve(values) },
  );
}

/** Runs `check` for every tested role on every route of these its permissions let it call. */
async function asEveryRole(
  routes: readonly DiscoveredRoute[],
  check: (route: DiscoveredRoute, role: Role) => Promise<void>,
): Promise<void> {
  for (const route of routes)
    for (const role of ROLES_TESTED)
      if (!route.access || allows(role, route.access)) await check(route, role);
}

/** Every tested role's answer from each of these record routes, asked for the records of `of`. */
async function recordAnswers(
  recordRoutes: readonly DiscoveredRoute[],
  of: Records,
): Promise<{ asked: string; status: number }[]> {
  const answers: { asked: string; status: number }[] = [];
  await asEveryRole(recordRoutes, async (route, role) => {
    const response = await ask(route, paramsFor(route, of) ?? {}, role);
    answers.push({ asked: `${role} GET ${route.file}`, status: response.status });
  });
  return answers;
}

describe('role × client matrix', () => {
  it('answers 404 to every record route asked for another client’s record, in every role', async () => {
    const recordRoutes = routes.filter((route) => route.method === 'GET' && paramsFor(route, records.other));
    expect(recordRoutes.map((route) => route.file)).toEqual(
      expect.arrayContaining([
        'app/api/decisions/batches/[batchId]/route.ts',
        'app/api/invoices/[invoiceId]/route.ts',
        'app/api/patents/[patentId]/events/[eventId]/fees/route.ts',
        'app/api/documents/[patentId]/[eventId]/[kind]/route.ts',
      ]),
    );
    for (const { asked, status } of await recordAnswers(recordRoutes, records.other))
      expect(status, `${asked} for the other client`).toBe(404);
  });

  it('still answers the same routes for the user’s own client', async () => {
    const own = routes.filter(
      (route) =>
        route.method === 'GET' &&
        ['batchId', 'invoiceId'].some((name) => name in route.params) &&
        Object.keys(route.params).length === 1,
    );
    for (const { asked, status } of await recordAnswers(own, records.own))
      expect(status, `${asked} for the own client`).toBeLessThan(300);
  });

  it('mentions none of the other client’s records in any list or export a role can read', async () => {
    const lists = routes.filter(
      (route) =>
        route.method === 'GET' && Object.keys(route.params).length === 0 && route.access !== 'public',
    );
    const leaks: string[] = [];
    // The same answers do carry the user's own client's records: the matrix reads real data.
    const showingOwn = new Set<string>();
    await asEveryRole(lists, async (route, role) => {
      for (const query of listQueries(route)) {
        const response = await ask(route, {}, role, undefined, query);
        const text = await response.text();
        const leaked = [...records.other.ids].filter((id) => text.includes(id));
        if (leaked.length > 0)
          leaks.push(`${role} GET ${route.file}?${query}: ${leaked.length} of the other client's ids`);
        if ([...records.own.ids].some((id) => text.includes(id))) showingOwn.add(route.file);
      }
    });
    expect(leaks).toEqual([]);
    expect([...showingOwn]).toEqual(
      expect.arrayContaining([
        'app/api/renewals/route.ts',
        'app/api/portfolio/route.ts',
        'app/api/invoices/route.ts',
        'app/api/today/route.ts',
        'app/api/tracking/route.ts',
        'app/api/decisions/batches/route.ts',
      ]),
    );
  });

  it('refuses to write for another client’s record as if it did not exist', async () => {
    const { POST } = await import('@/app/api/decisions/batches/[batchId]/reconcile/route');
    const response = await POST(
      jsonRequest(`/api/decisions/batches/${records.other.batchId}/reconcile`, {
        method: 'POST',
        cookie: app.cookies.paralegal,
      }),
      { params: Promise.resolve({ batchId: records.other.batchId }) },
    );
    expect(response.status).toBe(404);
  });
});
