import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_CLIENTS, DEMO_TENANT, PACIFIC_API_KEY } from '../demo';
import { ensureDemoTenants } from '../demo-tenant';
import { SandboxProfile } from '../profiles';
import { SandboxService } from '../service';
import { createMemoryStore } from '../store/store';
import { type StartedSandbox, startSandbox } from '../testing';
import { startInProcess } from './harness';

/**
 * Several clients on one service (spec: Conventions 1 and 2): the demo start creates two clients,
 * each key sees its own client's data only, and another client's resource answers 404 not_found.
 * Run against the real process (sandbox/testing.ts), over a real socket, as the console talks to it.
 */
const TODAY = '2026-03-10';
const NEXT_MONTH = '2026-04';

interface Page<T> {
  data: T[];
  pagination: { totalItems: number; hasMore: boolean };
}
interface PatentItem {
  id: string;
  providerId: string | null;
  office: string;
  owner: string | null;
  clientCaseReference: string | null;
  clientFamilyReference: string | null;
}
interface EventItem {
  id: string;
  patent: { id: string };
  processingStatus: string | null;
  instructability?: { allowedDecisions: string[] };
}
interface InvoiceItem {
  id: string;
  currency: string;
  fees: { eventId: string | null; patent: { id: string | null } }[];
}

describe('demo clients', { timeout: 120_000 }, () => {
  let sandbox: StartedSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ today: TODAY });
  });
  afterAll(() => sandbox?.stop());

  const call = (key: string, path: string, method = 'GET') =>
    fetch(`${sandbox.baseUrl}/api/v2/external${path}`, { method, headers: { 'x-api-key': key } });
  const read = async <T>(key: string, path: string): Promise<T> => {
    const response = await call(key, path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  /** Every item of a paginated list, 100 per page. */
  const all = async <T>(key: string, path: string): Promise<T[]> => {
    const items: T[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1; ; page++) {
      const body = await read<Page<T>>(key, `${path}${separator}itemsPerPage=100&currentPage=${page}`);
      items.push(...body.data);
      if (!body.pagination.hasMore) return items;
    }
  };
  const expectNotFound = async (key: string, path: string) => {
    const response = await call(key, path);
    expect(response.status, path).toBe(404);
    expect(((await response.json()) as { code: string }).code, path).toBe('not_found');
  };

  it('lists the demo clients, the demo tenant first, each with its own key', () => {
    expect(DEMO_CLIENTS[0]).toMatchObject({ id: 'demo', apiKey: DEMO_API_KEY });
    expect(DEMO_CLIENTS.map((client) => client.apiKey)).toEqual([DEMO_API_KEY, PACIFIC_API_KEY]);
    for (const client of DEMO_CLIENTS) expect(client.apiKey).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(DEMO_CLIENTS.map((client) => client.id)).size).toBe(DEMO_CLIENTS.length);
    expect(new Set(DEMO_CLIENTS.map((client) => client.name)).size).toBe(DEMO_CLIENTS.length);
  });

  it('creates one tenant per demo client on a fresh start', async () => {
    const tenants = await sandbox.operator.listTenants();
    expect(tenants.map((tenant) => tenant.name)).toEqual(DEMO_CLIENTS.map((client) => client.id));
    expect(tenants.map((tenant) => tenant.counts.patents)).toEqual([2000, 300]);
  });

  it('shows each key its own patents only, the second client under its own owners, references and offices', async () => {
    const demo = await all<PatentItem>(DEMO_API_KEY, '/patents');
    const pacific = await all<PatentItem>(PACIFIC_API_KEY, '/patents');
    expect(demo).toHaveLength(2000);
    expect(pacific).toHaveLength(300);
    const demoIds = new Set(demo.map((patent) => patent.id));
    expect(pacific.filter((patent) => demoIds.has(patent.id))).toEqual([]);
    // The service's own numbers are its own too: a providerId names one patent of one client.
    const demoProviderIds = new Set(demo.map((patent) => patent.providerId));
    expect(pacific.filter((patent) => patent.providerId && demoProviderIds.has(patent.providerId))).toEqual(
      [],
    );

    // Told apart by a human: its own owners and references.
    const demoOwners = new Set(demo.map((patent) => patent.owner));
    expect(pacific.filter((patent) => patent.owner !== null && demoOwners.has(patent.owner))).toEqual([]);
    for (const patent of pacific) {
      if (patent.clientCaseReference !== null) expect(patent.clientCaseReference).toMatch(/^PRI-/);
      if (patent.clientFamilyReference !== null) expect(patent.clientFamilyReference).toMatch(/^PRI-F/);
    }
    for (const patent of demo) expect(patent.clientCaseReference ?? '').not.toMatch(/^PRI-/);
    // Mostly filed in the US, Japan, the UK, China and Korea; the demo tenant mostly in Europe.
    const pacificOffices = ['US', 'JP', 'GB', 'CN', 'KR'];
    const share = (patents: PatentItem[]) =>
      patents.filter((patent) => pacificOffices.includes(patent.office)).length / patents.length;
    expect(share(pacific)).toBeGreaterThan(0.75);
    expect(share(demo)).toBeLessThan(0.5);
  });

  it('lists each key its own events and invoices, in its own currencies', async () => {
    const demoPatents = new Set((await all<PatentItem>(DEMO_API_KEY, '/patents')).map((patent) => patent.id));
    const pacificPatents = new Set(
      (await all<PatentItem>(PACIFIC_API_KEY, '/patents')).map((patent) => patent.id),
    );
    const window = '/patent-events?dueFrom=2025-01-01&dueTo=2027-12-31';
    const demoEvents = await all<EventItem>(DEMO_API_KEY, window);
    const pacificEvents = await all<EventItem>(PACIFIC_API_KEY, window);
    expect(pacificEvents.length).toBeGreaterThan(300);
    expect(demoEvents.every((event) => demoPatents.has(event.patent.id))).toBe(true);
    expect(pacificEvents.every((event) => pacificPatents.has(event.patent.id))).toBe(true);

    const demoInvoices = await all<InvoiceItem>(DEMO_API_KEY, '/invoices');
    const pacificInvoices = await all<InvoiceItem>(PACIFIC_API_KEY, '/invoices');
    expect(pacificInvoices.length).toBeGreaterThan(0);
    const demoInvoiceIds = new Set(demoInvoices.map((invoice) => invoice.id));
    expect(pacificInvoices.filter((invoice) => demoInvoiceIds.has(invoice.id))).toEqual([]);
    for (const invoice of pacificInvoices) {
      for (const line of invoice.fees) {
        if (line.patent.id !== null) expect(pacificPatents.has(line.patent.id)).toBe(true);
      }
    }
    const currencies = (invoices: InvoiceItem[]) => [...new Set(invoices.map((i) => i.currency))].sort();
    expect(currencies(pacificInvoices)).toEqual(['GBP', 'JPY', 'USD']);
    expect(currencies(demoInvoices)).toEqual(['EUR', 'JPY', 'USD']);
  });

  it("answers 404 not_found for the other client's patent, event, fees, documents and invoice", async () => {
    const pacificPatent = (await read<Page<PatentItem>>(PACIFIC_API_KEY, '/patents?itemsPerPage=1')).data[0];
    const demoPatent = (await read<Page<PatentItem>>(DEMO_API_KEY, '/patents?itemsPerPage=1')).data[0];
    if (!pacificPatent || !demoPatent) throw new Error('no patents');
    // Each key reads its own…
    await read(PACIFIC_API_KEY, `/patents/${pacificPatent.id}`);
    await read(DEMO_API_KEY, `/patents/${demoPatent.id}`);
    // …and never the other's, either way round.
    await expectNotFound(DEMO_API_KEY, `/patents/${pacificPatent.id}`);
    await expectNotFound(PACIFIC_API_KEY, `/patents/${demoPatent.id}`);
    await expectNotFound(DEMO_API_KEY, `/patents/${pacificPatent.id}/events`);

    // An invoiced event of the second client: its event, fees, documents and invoice.
    const [invoice] = await all<InvoiceItem>(PACIFIC_API_KEY, '/invoices');
    const line = invoice?.fees.find((fee) => fee.eventId !== null && fee.patent.id !== null);
    if (!invoice || !line) throw new Error('no invoiced event');
    const eventPath = `/patents/${line.patent.id}/events/${line.eventId}`;
    await read(PACIFIC_API_KEY, eventPath);
    for (const path of [
      eventPath,
      `${eventPath}/fees`,
      `${eventPath}/documents/invoice`,
      `${eventPath}/documents/instruction-receipt`,
      `${eventPath}/documents/official-receipt`,
      `/invoices/${invoice.id}`,
    ]) {
      await expectNotFound(DEMO_API_KEY, path);
    }
    // The other client's patent on a path with one's own event id is not found either.
    await expectNotFound(DEMO_API_KEY, `/patents/${demoPatent.id}/events/${line.eventId}`);
  });

  it("rejects an instruction for the other client's event and leaves it undecided", async () => {
    const page = await read<Page<EventItem>>(
      PACIFIC_API_KEY,
      `/patent-events?dueMonth=${NEXT_MONTH}&itemsPerPage=100`,
    );
    const event = page.data.find((candidate) =>
      candidate.instructability?.allowedDecisions.includes('PROCEED'),
    );
    if (!event) throw new Error(`no instructable event in ${NEXT_MONTH}`);
    const response = await fetch(`${sandbox.baseUrl}/api/v2/external/patent-instructions`, {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ instructions: [{ eventId: event.id, decision: 'PROCEED' }] }),
    });
    expect(response.status).toBe(404);
    const after = await read<EventItem>(PACIFIC_API_KEY, `/patents/${event.patent.id}/events/${event.id}`);
    expect(after.processingStatus).toBe(event.processingStatus);
  });

  it("keeps each client's month freezes to itself", async () => {
    const frozen = await call(PACIFIC_API_KEY, `/exchange-rate-freezes/${NEXT_MONTH}`, 'PUT');
    expect(frozen.status).toBe(200);
    const months = async (key: string) =>
      (await read<{ yearMonth: string }[]>(key, '/exchange-rate-freezes')).map((freeze) => freeze.yearMonth);
    expect(await months(PACIFIC_API_KEY)).toContain(NEXT_MONTH);
    expect(await months(DEMO_API_KEY)).not.toContain(NEXT_MONTH);
    // The second client's freeze lists its own events only.
    const freeze = await read<{ events: { clientCaseReference: string | null }[] }>(
      PACIFIC_API_KEY,
      `/exchange-rate-freezes/${NEXT_MONTH}`,
    );
    expect(freeze.events.length).toBeGreaterThan(0);
    for (const event of freeze.events) {
      expect(event.clientCaseReference ?? 'PRI-').toMatch(/^PRI-/);
    }
    const demoFreeze = await read<{ events: { clientCaseReference: string | null }[] }>(
      DEMO_API_KEY,
      `/exchange-rate-freezes/${NEXT_MONTH}`,
    );
    expect(demoFreeze.events.filter((event) => event.clientCaseReference?.startsWith('PRI-'))).toEqual([]);
  });
});

describe('demo seeding', { timeout: 60_000 }, () => {
  it('holds the same clients, ids and data on every fresh start for a date', async () => {
    const snapshot = async () => {
      const h = await startInProcess({ today: TODAY });
      try {
        const pages = [];
        for (const client of DEMO_CLIENTS) {
          const patents = await h.call('/patents?itemsPerPage=100&currentPage=2', { key: client.apiKey });
          const invoices = await h.call('/invoices?itemsPerPage=20', { key: client.apiKey });
          pages.push(await patents.json(), await invoices.json());
        }
        return pages;
      } finally {
        await h.close();
      }
    };
    expect(await snapshot()).toEqual(await snapshot());
  });

  it('gives a demo store made before the second client that client, and leaves other stores alone', async () => {
    const open = () =>
      SandboxService.open({
        store: createMemoryStore(),
        today: TODAY,
        profile: new SandboxProfile('default'),
      });
    const older = await open();
    await older.createTenant({ name: DEMO_TENANT, patents: 20, seed: 1 });
    expect(await ensureDemoTenants(older)).toEqual(['pacific']);
    expect(older.tenantByName(DEMO_TENANT)?.patents).toHaveLength(20);
    const pacific = older.authenticate(PACIFIC_API_KEY);
    expect(pacific.ok && pacific.key.tenant.config.name).toBe('pacific');
    expect(await ensureDemoTenants(older)).toEqual([]);

    const others = await open();
    await others.createTenant({ name: 'acme', patents: 20, seed: 1 });
    expect(await ensureDemoTenants(others)).toEqual([]);
    expect(others.tenants().map((tenant) => tenant.config.name)).toEqual(['acme']);
  });
});
