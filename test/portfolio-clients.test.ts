import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import type { Patent, PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import { currentYearMonth } from '@/lib/format/dates';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { clientNameOf, clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { NotFoundError } from '@/lib/server/errors/not-found';
import { loadDataQuality } from '@/lib/server/portfolio/data-quality';
import { loadFamily } from '@/lib/server/portfolio/family';
import { loadPatentDetail, loadPatentPage } from '@/lib/server/portfolio/patents';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * The portfolio keeps to a user's clients (spec: Authentication 1, a key is one client's; rule 2,
 * all data scoped to the client): a user granted one client sees only its patents in the list, the
 * search, the export and the patent pages' loaders, and another client's patent, fees and
 * documents are 404 with no call to the service under any key; a user of every client sees both,
 * each row labelled with its client, and the client filter narrows the list and the export.
 */

const TODAY = `${currentYearMonth()}-15`;
const SECOND = 'second-client';
const SECOND_NAME = 'Second Client';
const app = setUpTwoClients({
  first: { patents: 30, seed: 7 },
  second: { patents: 15, seed: 13 },
  secondClient: SECOND_NAME,
  sync: true,
  // The paralegal works for the second client only; the manager for every client (the default).
  grants: { paralegal: [SECOND] },
});
/** Each tenant's patents as the service lists them to its own key. */
const patentsOf: Record<string, Patent[]> = {};

async function allPatents(service: AnnuityClient): Promise<Patent[]> {
  const patents: Patent[] = [];
  for (let page = 1; ; page++) {
    const { data } = await service.getPatents({ itemsPerPage: 100, currentPage: page });
    patents.push(...data.data);
    if (!data.pagination.hasMore) return patents;
  }
}

beforeAll(async () => {
  patentsOf[DEFAULT_CONNECTION] = await allPatents(app.services.first);
  patentsOf[SECOND] = await allPatents(app.services.second);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const ids = (patents: readonly Patent[]) => patents.map((patent) => patent.id).sort();
const first = () => patentsOf[DEFAULT_CONNECTION] as Patent[];
const second = () => patentsOf[SECOND] as Patent[];

/** The keys of every call the console makes to the service while `run` runs. */
async function upstreamKeys(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(app.sandbox.baseUrl)) {
      const headers = new Headers(init?.headers);
      sent.push(headers.get('x-api-key') ?? '(none)');
    }
    return real(input, init);
  });
  await run();
  vi.restoreAllMocks();
  return sent;
}

async function portfolio(cookie: string, query: string): Promise<{ status: number; page: PortfolioPage }> {
  const { GET } = await import('@/app/api/portfolio/route');
  const response = await GET(jsonRequest(`/api/portfolio?${query}`, { cookie }));
  return { status: response.status, page: (await response.json()) as PortfolioPage };
}

async function exported(cookie: string, query: string): Promise<{ status: number; rows: string[][] }> {
  const { GET } = await import('@/app/api/portfolio/export/route');
  const response = await GET(jsonRequest(`/api/portfolio/export?format=csv&${query}`, { cookie }));
  const text = await response.text();
  return { status: response.status, rows: Papa.parse<string[]>(text.replace(/^\uFEFF/, '')).data };
}

async function renewalOf(connection: string): Promise<PatentEvent> {
  const [row] = await app.harness.database.db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(eq(syncEvent.connection, connection))
    .limit(1);
  if (!row) throw new Error(`no renewal in ${connection}'s copy`);
  return JSON.parse(row.body) as PatentEvent;
}

async function fees(cookie: string, event: PatentEvent): Promise<number> {
  const { GET } = await import('@/app/api/patents/[patentId]/events/[eventId]/fees/route');
  const path = `/api/patents/${event.patent.id}/events/${event.id}/fees`;
  const response = await GET(jsonRequest(path, { cookie }), {
    params: Promise.resolve({ patentId: event.patent.id, eventId: event.id }),
  });
  return response.status;
}

async function document(cookie: string, event: PatentEvent): Promise<{ status: number; code: string }> {
  const { GET } = await import('@/app/api/documents/[patentId]/[eventId]/[kind]/route');
  const kind = 'official-receipt';
  const response = await GET(
    jsonRequest(`/api/documents/${event.patent.id}/${event.id}/${kind}`, { cookie }),
    { params: Promise.resolve({ patentId: event.patent.id, eventId: event.id, kind }) },
  );
  const body = response.headers.get('content-type')?.includes('json')
    ? ((await response.json()) as { code?: string })
    : {};
  return { status: response.status, code: body.code ?? '' };
}

describe('the portfolio of a user granted one client', () => {
  it('lists and searches only that client’s patents, unlabelled (one client)', async () => {
    expect(first().length).toBe(30);
    expect(second().length).toBe(15);
    const listed = await portfolio(app.cookies.paralegal, 'size=100');
    expect(listed.status).toBe(200);
    expect(ids(listed.page.data)).toEqual(ids(second()));
    expect(listed.page.pagination.totalItems).toBe(15);
    expect(listed.page.clients).toBeUndefined();

    const theirs = second()[0] as Patent;
    const other = first()[0] as Patent;
    const found = await portfolio(app.cookies.paralegal, `q=${encodeURIComponent(theirs.providerId ?? '')}`);
    expect(found.page.data.map((patent) => patent.id)).toContain(theirs.id);
    const hidden = await portfolio(app.cookies.paralegal, `q=${encodeURIComponent(other.providerId ?? '')}`);
    expect(hidden.page.data.map((patent) => patent.id)).not.toContain(other.id);
    // A search over a word every title shares finds none of the other client's patents.
    const broad = await portfolio(app.cookies.paralegal, 'q=a&size=100');
    expect(broad.page.data.every((patent) => ids(second()).includes(patent.id))).toBe(true);
  });

  it('exports only that client’s patents; the other client as a filter is not found', async () => {
    const file = await exported(app.cookies.paralegal, 'columns=providerId');
    expect(file.status).toBe(200);
    expect(file.rows[0]).toEqual(['Provider ID']);
    const providerIds = file.rows.slice(1).map((row) => row[0]);
    expect(providerIds.sort()).toEqual(
      second()
        .map((patent) => patent.providerId ?? '')
        .sort(),
    );
    expect((await portfolio(app.cookies.paralegal, `client=${DEFAULT_CONNECTION}`)).status).toBe(404);
    expect((await exported(app.cookies.paralegal, `client=${DEFAULT_CONNECTION}`)).status).toBe(404);
  });

  it('loads its patents’ pages and refuses the other client’s with no call to the service', async () => {
    const scope = await clientScopeOf(app.harness.users.paralegal.id);
    expect(scope.connections).toEqual([SECOND]);
    const theirs = second()[0] as Patent;
    let detail: Awaited<ReturnType<typeof loadPatentDetail>> | undefined;
    // Its whole event list is read once, with its own client's key only.
    const own = await upstreamKeys(async () => {
      detail = await loadPatentDetail(theirs.id, 'patent-page', scope.connections);
    });
    expect(new Set(own)).toEqual(new Set(own.length > 0 ? [app.keys.second] : []));
    expect(detail?.connection).toBe(SECOND);
    expect(detail?.patent.id).toBe(theirs.id);
    const other = first()[0] as Patent;
    const calls = await upstreamKeys(async () => {
      await expect(loadPatentDetail(other.id, 'other-patent', scope.connections)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });
    expect(calls).toEqual([]);
    const page = await loadPatentPage({ page: 1, size: 100 }, 'portfolio-page', scope);
    expect(ids(page.data)).toEqual(ids(second()));
    // The other client's family is not found; the data-quality checks read this client's patents.
    const family = other.clientFamilyReference;
    if (family && !second().some((patent) => patent.clientFamilyReference === family))
      expect(await loadFamily(family, TODAY, scope.connections)).toBeNull();
    expect((await loadDataQuality(new Date(), scope.connections)).patents).toBe(15);
  });

  it('answers 404 for the other client’s fees and documents, calling the service with no key', async () => {
    const other = await renewalOf(DEFAULT_CONNECTION);
    const calls = await upstreamKeys(async () => {
      expect(await fees(app.cookies.paralegal, other)).toBe(404);
      expect((await document(app.cookies.paralegal, other)).status).toBe(404);
    });
    expect(calls).toEqual([]);
    // Its own client's are read with its own client's key only.
    const theirs = await renewalOf(SECOND);
    const own = await upstreamKeys(async () => {
      expect(await fees(app.cookies.paralegal, theirs)).toBe(200);
      const receipt = await document(app.cookies.paralegal, theirs);
      expect([200, 404]).toContain(receipt.status);
      if (receipt.status === 404) expect(receipt.code).toBe('document_not_yet_available');
    });
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own)).toEqual(new Set([app.keys.second]));
  });

  it('refuses tags, notes, drops and signals on the other client’s patent as not found', async () => {
    const other = first()[0] as Patent;
    const { POST: tag } = await import('@/app/api/tags/route');
    const tagged = await tag(
      jsonRequest('/api/tags', {
        method: 'POST',
        cookie: app.cookies.paralegal,
        body: { scope: 'patent', targets: [other.id], add: ['core'] },
      }),
    );
    expect(tagged.status).toBe(404);
    const { PUT: note } = await import('@/app/api/notes/route');
    const noted = await note(
      jsonRequest('/api/notes', {
        method: 'PUT',
        cookie: app.cookies.paralegal,
        body: { scope: 'patent', target: other.id, note: 'not mine' },
      }),
    );
    expect(noted.status).toBe(404);
    const event = await renewalOf(DEFAULT_CONNECTION);
    const { POST: drop } = await import('@/app/api/portfolio/family-drops/route');
    const dropped = await drop(
      jsonRequest('/api/portfolio/family-drops', {
        method: 'POST',
        cookie: app.cookies.paralegal,
        body: { eventIds: [event.id] },
      }),
    );
    expect(dropped.status).toBe(404);
    const { GET: signals } = await import('@/app/api/signals/route');
    const read = await signals(
      jsonRequest(`/api/signals?patentId=${other.id}`, { cookie: app.cookies.paralegal }),
    );
    expect(read.status).toBe(404);
  });
});

describe('the portfolio of a user of every client', () => {
  it('lists both clients’ patents, each labelled with its client', async () => {
    const listed = await portfolio(app.cookies.manager, 'size=100');
    expect(listed.status).toBe(200);
    expect(ids(listed.page.data)).toEqual(ids([...first(), ...second()]));
    const names = new Map(listed.page.data.map((patent, index) => [patent.id, listed.page.clients?.[index]]));
    for (const patent of first()) expect(names.get(patent.id)).toBe('Default client');
    for (const patent of second()) expect(names.get(patent.id)).toBe(SECOND_NAME);
  });

  it('narrows the list, the search and the export to the client the filter names', async () => {
    const narrowed = await portfolio(app.cookies.manager, `client=${SECOND}&size=100`);
    expect(ids(narrowed.page.data)).toEqual(ids(second()));
    expect(new Set(narrowed.page.clients)).toEqual(new Set([SECOND_NAME]));
    const other = first()[0] as Patent;
    const searched = await portfolio(
      app.cookies.manager,
      `client=${SECOND}&q=${encodeURIComponent(other.providerId ?? '')}`,
    );
    expect(searched.page.data.map((patent) => patent.id)).not.toContain(other.id);

    const all = await exported(app.cookies.manager, 'columns=providerId');
    expect(all.rows[0]).toEqual(['Client', 'Provider ID']);
    expect(all.rows.slice(1).filter((row) => row.length === 2)).toHaveLength(45);
    const one = await exported(app.cookies.manager, `client=${SECOND}&columns=providerId`);
    const rows = one.rows.slice(1).filter((row) => row.length === 2);
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set([SECOND_NAME]));
    expect(rows.map((row) => row[1]).sort()).toEqual(
      second()
        .map((patent) => patent.providerId ?? '')
        .sort(),
    );
  });

  it('loads either client’s patent page, reading it as its own client', async () => {
    const scope = await clientScopeOf(app.harness.users.manager.id);
    const other = first()[0] as Patent;
    expect((await loadPatentDetail(other.id, 'first-patent', scope.connections)).connection).toBe(
      DEFAULT_CONNECTION,
    );
    const theirs = second()[0] as Patent;
    expect((await loadPatentDetail(theirs.id, 'second-patent', scope.connections)).connection).toBe(SECOND);
  });

  it('checks both clients’ data quality and shows a family with each member’s client', async () => {
    const scope = await clientScopeOf(app.harness.users.manager.id);
    const name = (connection: string) => clientNameOf(scope, connection);
    const quality = await loadDataQuality(new Date(), scope.connections, name);
    expect(quality.patents).toBe(45);
    const findings = quality.checks.flatMap((check) => check.findings);
    const secondIds = new Set(ids(second()));
    for (const finding of findings)
      expect(finding.client).toBe(secondIds.has(finding.patentId) ? SECOND_NAME : 'Default client');
    const member = second().find((patent) => patent.clientFamilyReference) as Patent;
    const family = await loadFamily(member.clientFamilyReference ?? '', TODAY, scope.connections, name);
    expect(family?.members.find((each) => each.patentId === member.id)?.client).toBe(SECOND_NAME);
  });
});
