import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentFixture } from '@/lib/annuity/fixtures';
import { type Patent, tolerant } from '@/lib/annuity/schemas';
import { getDb } from '@/lib/db';
import { portfolioPatent, portfolioSnapshot } from '@/lib/db/schema';
import { testDatabaseKinds } from '@/lib/db/testing';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { jsonRequest, signIn } from './app-harness';
import { fakePatentService, setUpOfflineCopy } from './offline-copy';

/**
 * The portfolio search finds a patent by any of its numbers, in any case and
 * punctuation, and by words of its owner and title, from the snapshot in our database (the
 * service itself knows only an exact providerId, spec: Endpoints 1). On PGlite always, and on
 * PostgreSQL when DATABASE_URL names a server.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const target = tolerant.patent.parse(
  patentFixture({
    id: id(1),
    clientCaseReference: 'ACME-0042 EP',
    providerId: 'PAM-1000342',
    applicationNumber: '19 712 345.6',
    publicationNumber: 'EP3600001A1',
    grantPublicationNumber: 'EP3600001B1',
    pctApplicationNumber: 'PCT/US2019/022345',
    title: 'Heat exchanger with helical baffles',
    owner: 'Müller Thermotechnik GmbH',
    secondaryOwners: ['Société Générale d’Échangeurs'],
  }),
);

/** Neighbours whose numbers share the target's start, so ranking is put to the test. */
const others: Patent[] = Array.from({ length: 30 }, (_, index) =>
  tolerant.patent.parse(
    patentFixture({
      id: id(100 + index),
      clientCaseReference: `ACME-${String(1000 + index)}`,
      providerId: `PAM-2${String(index).padStart(6, '0')}`,
      applicationNumber: `20 ${String(100 + index)} 000.${index % 10}`,
      publicationNumber: `EP36000${String(10 + index)}A1`,
      grantPublicationNumber: null,
      pctApplicationNumber: null,
      title: index % 2 ? 'Battery electrode coating' : 'Helical spring assembly',
      owner: index % 3 ? 'Nordwind Energy AS' : 'Acme Thermal GmbH',
      secondaryOwners: null,
    }),
  ),
);

describe.each(testDatabaseKinds)('portfolio search on %s', (kind) => {
  // A fresh snapshot answers every search: nothing may reach the service.
  const offline = setUpOfflineCopy([target, ...others], kind);
  let paralegal: string;

  beforeAll(async () => {
    expect(offline.snapshotPatents).toBe(31);
    paralegal = await signIn('paralegal@test.example');
  }, 60_000);

  const search = async (query: string, cookie = paralegal) => {
    const { GET } = await import('@/app/api/portfolio/route');
    const response = await GET(jsonRequest(`/api/portfolio?${query}`, { cookie }));
    return {
      status: response.status,
      body: (await response.json()) as PortfolioPage & { errors?: { field: string }[] },
    };
  };
  const first = async (q: string) => {
    const { status, body } = await search(`q=${encodeURIComponent(q)}`);
    expect(status, q).toBe(200);
    return { patent: body.data[0], match: body.search?.matches[0], total: body.pagination.totalItems };
  };

  it('finds the patent by each of its numbers, in other case and punctuation, ranked first', async () => {
    for (const [q, field] of [
      ['acme 0042-ep', 'clientCaseReference'],
      ['pam1000342', 'providerId'],
      ['19712345/6', 'applicationNumber'],
      ['ep 3 600 001 a1', 'publicationNumber'],
      ['Ep-3600001-b1', 'grantPublicationNumber'],
      ['pct us 2019 022345', 'pctApplicationNumber'],
    ] as const) {
      const { patent, match } = await first(q);
      expect(patent?.id, q).toBe(target.id);
      expect(match, q).toEqual({ kind: 'exact', field });
    }
  });

  it('puts the exact number before numbers that only start with it', async () => {
    const { status, body } = await search('q=EP3600001');
    expect(status).toBe(200);
    // EP3600001A1 and B1 start with it; EP3600010A1… only contain "ep36000" and do not match.
    expect(body.data.map((patent) => patent.id)).toEqual([target.id]);
    expect(body.search?.matches).toEqual([{ kind: 'starts', field: 'publicationNumber' }]);
    const exact = await search('q=EP3600012A1');
    expect(exact.body.data[0]?.publicationNumber).toBe('EP3600012A1');
    expect(exact.body.search?.matches[0]).toEqual({ kind: 'exact', field: 'publicationNumber' });
  });

  it('finds patents by words of the owner and title, forgiving case and diacritics', async () => {
    const byOwner = await first('MULLER thermotechnik');
    expect(byOwner.patent?.id).toBe(target.id);
    expect(byOwner.match).toEqual({ kind: 'starts', field: 'owner' });
    expect(byOwner.total).toBe(1);

    const byCoOwner = await first('generale d echangeurs');
    expect(byCoOwner.patent?.id).toBe(target.id);
    expect(byCoOwner.match).toEqual({ kind: 'contains', field: 'secondaryOwners' });

    const byTitle = await search('q=helical&size=100');
    expect(byTitle.body.pagination.totalItems).toBe(16);
    expect(byTitle.body.data.map((patent) => patent.id)).toContain(target.id);
    expect(byTitle.body.search?.matches.every((match) => match.field === 'title')).toBe(true);
  });

  it('finds the owner despite a typo, when nothing contains the search', async () => {
    const { body } = await search(`q=${encodeURIComponent('thermotechnick')}`);
    expect(body.data[0]?.id).toBe(target.id);
    expect(body.search?.matches[0]).toEqual({ kind: 'similar', field: null });
  });

  it('pages through matches and counts them', async () => {
    const { body } = await search('q=acme&size=10&page=2');
    // 31 case references start with ACME: the target and the 30 neighbours.
    expect(body.pagination).toMatchObject({ totalItems: 31, currentPage: 2, totalPages: 4, hasMore: true });
    expect(body.data).toHaveLength(10);
    // Too short for trigrams or similarity: still a plain "contains" over the snapshot.
    const short = await search('q=Ac&size=10');
    expect(short.status).toBe(200);
    expect(short.body.pagination.totalItems).toBe(31);
    const past = await search('q=acme&size=10&page=9');
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination.totalItems).toBe(31);
  });

  it('finds rows the snapshot stored before the search existed', async () => {
    const db = offline.harness.database.db;
    const [row] = await db.select().from(portfolioSnapshot);
    const old = tolerant.patent.parse(
      patentFixture({ id: id(900), clientCaseReference: 'OLD-77', publicationNumber: 'US2015/0123456A1' }),
    );
    // Written the way rows were before migration 0015: no search keys.
    await db.insert(portfolioPatent).values({
      generation: row?.currentGeneration as number,
      id: old.id,
      providerId: old.providerId,
      clientCaseReference: old.clientCaseReference,
      clientFamilyReference: old.clientFamilyReference,
      title: old.title,
      office: old.office,
      owner: old.owner,
      data: old as unknown as Record<string, unknown>,
    });
    // This process has already keyed this generation: a new instance would not have.
    (globalThis as { __searchKeyed?: unknown }).__searchKeyed = undefined;
    const { patent, match } = await first('us 2015 0123456 a1');
    expect(patent?.id).toBe(old.id);
    expect(match).toEqual({ kind: 'exact', field: 'publicationNumber' });
    const [keyed] = await db
      .select({ numbers: portfolioPatent.searchNumbers })
      .from(portfolioPatent)
      .where(eq(portfolioPatent.id, old.id));
    expect(keyed?.numbers).toContain('us20150123456a1');
  });

  it('finds nothing, with 200, for a search nothing matches', async () => {
    const { total, patent } = await first('zzqx 9999');
    expect(total).toBe(0);
    expect(patent).toBeUndefined();
  });

  it('refuses a search with no letters or digits, or too long, with a 400 naming q', async () => {
    for (const q of ['--/.', 'x'.repeat(101), ' ']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(400);
      expect(body.errors?.map((error) => error.field)).toEqual(['q']);
    }
  });

  it('searches only for those who may read the portfolio', async () => {
    const admin = await signIn('admin@test.example');
    expect((await search('q=acme', admin)).status).toBe(403);
  });

  it('exports what the search found, in its order', async () => {
    const { GET } = await import('@/app/api/portfolio/export/route');
    const response = await GET(
      jsonRequest('/api/portfolio/export?format=csv&q=muller&columns=clientCaseReference', {
        cookie: paralegal,
      }),
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines.slice(1)).toEqual(['ACME-0042 EP']);
  });
  it("keeps another connection's patents when its own portfolio is read again", async () => {
    const db = await getDb();
    const generation = 424_242;
    await db.insert(portfolioSnapshot).values({ id: 'other-client', currentGeneration: generation });
    await db.insert(portfolioPatent).values({
      generation,
      id: id(9_000),
      clientCaseReference: 'OTHER-1 EP',
      data: { id: id(9_000) },
    });
    try {
      expect((await refreshSnapshot(fakePatentService([target, ...others]), 'test')).patents).toBe(31);
      const kept = await db.select().from(portfolioPatent).where(eq(portfolioPatent.generation, generation));
      expect(kept.map((row) => row.id)).toEqual([id(9_000)]);
      // Its patents are not this connection's: a search here does not find them.
      expect((await search('q=OTHER-1')).body.data).toEqual([]);
    } finally {
      await db.delete(portfolioPatent).where(eq(portfolioPatent.generation, generation));
      await db.delete(portfolioSnapshot).where(eq(portfolioSnapshot.id, 'other-client'));
    }
  });
});
