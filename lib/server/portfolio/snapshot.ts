/**
 * `lib/server/portfolio/`: patent pages from the copy (the snapshot's patent, the copy's events,
 * read once when the copy lacks them), portfolio pages sorted and paged from the snapshot, the
 * snapshot (our copy of the patents) and its in-memory index, the event → patent join, the search
 * over the snapshot (`search.ts`: keys from `lib/portfolio/search-key.ts` under pg_trgm indexes),
 * the data-quality checks over the snapshot and the copy's renewals (`data-quality.ts`, rules in
 * `lib/portfolio/data-quality.ts`, page `/portfolio/data-quality`), a family seen together
 * (`family.ts`: members by office with state, next renewal, last decision and cost to keep; page
 * `/portfolio/families/[family]` with a server-drawn map and "drop these countries" into the draft
 * through `decisions/draft-drops.ts`).
 */
import 'server-only';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import type { PatentSortField } from '../../annuity/enums';
import { MAX_PAGE_SIZE, walkDistinctPages } from '../../annuity/pagination';
import { type Page, type Patent, tolerant } from '../../annuity/schemas';
import { getDb } from '../../db';
import { portfolioPatent, portfolioSnapshot } from '../../db/schema';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { searchColumns } from '../../portfolio/search-key';
import type { RenewalPatent } from '../../renewals/rows';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { carriesTag } from '../tags/filter';
import {
  distinctSorted,
  facetsOf,
  type SnapshotFacets,
  type SnapshotIndex,
  snapshotIndex,
} from './snapshot-index';

/**
 * The office join without burning quota (events carry no office, spec: Patent event). All patents
 * are read at the page cap into a new generation of rows; readers keep using the current one until
 * the refresh finishes and switches over in one update. Any instance may refresh; the database row
 * says who is refreshing so two instances do not walk the portfolio at once.
 */
/*
 * The snapshot's row is its connection's (`portfolio_snapshot.id`): patents are kept per client
 * connection, like the copy; each generation's rows belong to the one connection that wrote it.
 */
const STALE_REFRESH_MS = 10 * 60 * 1000;

export interface SnapshotStatus {
  refreshedAt: Date | null;
  patentCount: number | null;
  refreshing: { startedAt: Date; pagesDone: number; pagesTotal: number | null } | null;
  lastError: string | null;
  isStale: boolean;
}

/** A renewal row's patent fields, with the patent's id. */
export interface SnapshotPatent extends RenewalPatent {
  id: string;
}

/** The fields of a patent the join needs (events carry no office, title or owner), named once. */
const SNAPSHOT_PATENT_FIELDS = [
  'id',
  'providerId',
  'clientCaseReference',
  'clientFamilyReference',
  'title',
  'office',
  'owner',
] as const satisfies readonly (keyof SnapshotPatent)[];

/** These fields of a patent, or the columns that keep them. */
function snapshotFieldsOf<T extends Record<(typeof SNAPSHOT_PATENT_FIELDS)[number], unknown>>(
  from: T,
): Pick<T, (typeof SNAPSHOT_PATENT_FIELDS)[number]> {
  return Object.fromEntries(SNAPSHOT_PATENT_FIELDS.map((field) => [field, from[field]])) as Pick<
    T,
    (typeof SNAPSHOT_PATENT_FIELDS)[number]
  >;
}

export async function snapshotStatus(
  now = new Date(),
  connection: string = DEFAULT_CONNECTION,
): Promise<SnapshotStatus> {
  const db = await getDb();
  const [row] = await db.select().from(portfolioSnapshot).where(eq(portfolioSnapshot.id, connection));
  const maxAgeMs = getEnv().SNAPSHOT_MAX_AGE_MINUTES * 60_000;
  const refreshedAt = row?.refreshedAt ?? null;
  const refreshing =
    row?.refreshingGeneration != null &&
    row.refreshStartedAt &&
    now.getTime() - row.refreshStartedAt.getTime() < STALE_REFRESH_MS
      ? {
          startedAt: row.refreshStartedAt,
          pagesDone: row.refreshPagesDone ?? 0,
          pagesTotal: row.refreshPagesTotal ?? null,
        }
      : null;
  return {
    refreshedAt,
    patentCount: row?.patentCount ?? null,
    refreshing,
    lastError: row?.lastError ?? null,
    isStale: !refreshedAt || now.getTime() - refreshedAt.getTime() > maxAgeMs,
  };
}

/**
 * The state of the snapshots of these connections (the request's clients) as one: the oldest
 * refresh, the patents of all, a refresh under way if any (its pages summed), the first error,
 * stale when any is. For one connection, exactly its snapshotStatus.
 */
export async function snapshotsStatus(
  connections: readonly string[],
  now = new Date(),
): Promise<SnapshotStatus> {
  const each = await Promise.all(connections.map((connection) => snapshotStatus(now, connection)));
  if (each.length === 1 && each[0]) return each[0];
  const refreshing = each.flatMap((status) => (status.refreshing ? [status.refreshing] : []));
  const counted = each.flatMap((status) => (status.patentCount === null ? [] : [status.patentCount]));
  return {
    refreshedAt: each.some((status) => !status.refreshedAt)
      ? null
      : each.reduce<Date | null>(
          (oldest, status) =>
            status.refreshedAt && (!oldest || status.refreshedAt < oldest) ? status.refreshedAt : oldest,
          null,
        ),
    patentCount: counted.length > 0 ? counted.reduce((sum, count) => sum + count, 0) : null,
    refreshing:
      refreshing.length === 0
        ? null
        : {
            startedAt: new Date(Math.min(...refreshing.map((item) => item.startedAt.getTime()))),
            pagesDone: refreshing.reduce((sum, item) => sum + item.pagesDone, 0),
            pagesTotal: refreshing.some((item) => item.pagesTotal === null)
              ? null
              : refreshing.reduce((sum, item) => sum + (item.pagesTotal ?? 0), 0),
          },
    lastError: each.find((status) => status.lastError)?.lastError ?? null,
    isStale: each.length === 0 || each.some((status) => status.isStale),
  };
}

export function snapshotPatentOf(patent: Patent): SnapshotPatent {
  return snapshotFieldsOf(patent);
}

function toRow(generation: number, patent: Patent) {
  // The search keys travel with the row (./search.ts), so a new snapshot is searchable at once.
  const search = searchColumns(patent);
  return {
    generation,
    ...snapshotPatentOf(patent),
    data: patent as unknown as Record<string, unknown>,
    searchNumbers: search.numbers,
    searchWords: search.words,
  };
}

/**
 * Claims the refresh (false when another refresh is under way and not stale), then walks every
 * page. Returns the number of patents stored.
 */
export async function refreshSnapshot(
  client: AnnuityClient,
  requestId: string,
  /** Whose portfolio `client` reads: the client's own connection (its key's). */
  connection: string = DEFAULT_CONNECTION,
): Promise<{ claimed: boolean; patents: number; calls: number }> {
  const db = await getDb();
  await db.insert(portfolioSnapshot).values({ id: connection }).onConflictDoNothing();
  const staleBefore = new Date(Date.now() - STALE_REFRESH_MS);
  // A fresh random generation: a refresh that takes over a stalled one never shares its rows.
  const fresh = randomInt(1, 2 ** 31 - 1);
  const claimed = await db
    .update(portfolioSnapshot)
    .set({
      refreshingGeneration: fresh,
      refreshStartedAt: new Date(),
      refreshPagesDone: 0,
      refreshPagesTotal: null,
      lastError: null,
    })
    .where(
      and(
        eq(portfolioSnapshot.id, connection),
        or(
          isNull(portfolioSnapshot.refreshingGeneration),
          lt(portfolioSnapshot.refreshStartedAt, staleBefore),
        ),
      ),
    )
    .returning({ generation: portfolioSnapshot.refreshingGeneration });
  const generation = claimed[0]?.generation;
  if (generation == null) return { claimed: false, patents: 0, calls: 0 };

  let patents = 0;
  let calls = 0;
  // Every statement below touches the row only while this refresh still owns it.
  const owned = and(
    eq(portfolioSnapshot.id, connection),
    eq(portfolioSnapshot.refreshingGeneration, generation),
  );
  try {
    await db.delete(portfolioPatent).where(eq(portfolioPatent.generation, generation));
    // The list may move while it is walked (spec: Pagination envelope): the walk follows
    // `hasMore` past the pages the first page announced and keeps each patent once.
    for await (const { items, result } of walkDistinctPages(
      (currentPage, itemsPerPage) => client.getPatents({ currentPage, itemsPerPage }, { requestId }),
      {
        itemsPerPage: MAX_PAGE_SIZE,
        onCall: () => {
          calls += 1;
        },
      },
    )) {
      if (items.length > 0) {
        await db
          .insert(portfolioPatent)
          .values(items.map((patent) => toRow(generation, patent)))
          .onConflictDoNothing();
      }
      patents += items.length;
      // The heartbeat: a refresh that keeps reading pages is not stale, however long it takes.
      const alive = await db
        .update(portfolioSnapshot)
        .set({
          refreshPagesDone: calls,
          refreshPagesTotal: Math.max(calls, result.data.pagination.totalPages),
          refreshStartedAt: new Date(),
        })
        .where(owned)
        .returning({ id: portfolioSnapshot.id });
      if (alive.length === 0) throw new SnapshotTakenOverError();
    }
    const published = await db.transaction(async (tx) => {
      const switched = await tx
        .update(portfolioSnapshot)
        .set({
          currentGeneration: generation,
          refreshedAt: new Date(),
          patentCount: patents,
          refreshingGeneration: null,
          refreshStartedAt: null,
        })
        .where(owned)
        .returning({ id: portfolioSnapshot.id });
      if (switched.length === 0) return false;
      // The generations this connection no longer reads; another connection's stay.
      await tx.delete(portfolioPatent).where(
        and(
          ne(portfolioPatent.generation, generation),
          sql`${portfolioPatent.generation} not in (
            select ${portfolioSnapshot.currentGeneration} from ${portfolioSnapshot}
            where ${portfolioSnapshot.id} <> ${connection} and ${portfolioSnapshot.currentGeneration} is not null
            union all
            select ${portfolioSnapshot.refreshingGeneration} from ${portfolioSnapshot}
            where ${portfolioSnapshot.id} <> ${connection} and ${portfolioSnapshot.refreshingGeneration} is not null)`,
        ),
      );
      return true;
    });
    if (!published) throw new SnapshotTakenOverError();
    await analyzeSnapshot(requestId);
    return { claimed: true, patents, calls };
  } catch (error) {
    // Its rows go in any case (no other refresh uses its generation); the row is reset only
    // while this refresh still owns it, so a refresh that took over is left alone.
    await db.delete(portfolioPatent).where(eq(portfolioPatent.generation, generation));
    if (error instanceof SnapshotTakenOverError) return { claimed: false, patents: 0, calls };
    logger.warn({ err: error, requestId }, 'portfolio snapshot refresh failed');
    await db
      .update(portfolioSnapshot)
      .set({
        refreshingGeneration: null,
        refreshStartedAt: null,
        lastError: error instanceof Error ? error.message : 'failed',
      })
      .where(owned);
    throw error;
  }
}

/**
 * Fresh planner statistics for the new rows. PGlite runs no autovacuum, and without statistics
 * its planner reads every row instead of the search's trigram indexes (bench:search measured
 * ~350 ms instead of ~15 ms for a number at 29,000 patents). On PostgreSQL it only comes early.
 */
export async function analyzeSnapshot(requestId: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`analyze portfolio_patent`).catch((error: unknown) => {
    logger.warn({ err: error, requestId }, 'portfolio snapshot statistics not refreshed');
  });
}

/** Another instance took the refresh over while this one stalled: this one stops quietly. */
class SnapshotTakenOverError extends Error {
  override name = 'SnapshotTakenOverError';
}

/** The current generation and its revision (bumped when its rows change, migration 0006). */
async function currentVersion(connection: string): Promise<{ generation: number; revision: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ generation: portfolioSnapshot.currentGeneration, revision: portfolioSnapshot.revision })
    .from(portfolioSnapshot)
    .where(eq(portfolioSnapshot.id, connection));
  return row?.generation == null ? null : { generation: row.generation, revision: row.revision };
}

/**
 * The join fields of the current snapshot (./snapshot-index.ts), or null without a snapshot. Start
 * it early and pass it to snapshotPatents: its one query then runs while upstream pages arrive.
 */
export async function openSnapshotIndex(
  connection: string = DEFAULT_CONNECTION,
): Promise<SnapshotIndex | null> {
  const version = await currentVersion(connection);
  if (!version) return null;
  return snapshotIndex(await getDb(), connection, version, () => joinRows(version.generation));
}

export async function currentGeneration(connection: string = DEFAULT_CONNECTION): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ generation: portfolioSnapshot.currentGeneration })
    .from(portfolioSnapshot)
    .where(eq(portfolioSnapshot.id, connection));
  return row?.generation ?? null;
}

/**
 * The current generation of each of these connections' snapshots, by generation (a generation is
 * one connection's, so a row's generation names its client); connections without a snapshot are
 * absent. One small read, as currentGeneration for one connection.
 */
export async function currentGenerations(connections: readonly string[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (connections.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ id: portfolioSnapshot.id, generation: portfolioSnapshot.currentGeneration })
    .from(portfolioSnapshot)
    .where(
      connections.length === 1
        ? eq(portfolioSnapshot.id, connections[0] as string)
        : inArray(portfolioSnapshot.id, [...connections]),
    );
  for (const row of rows) if (row.generation != null) found.set(row.generation, row.id);
  return found;
}

/** Rows of these generations: `=` for one (the single-client query, unchanged), `in` for several. */
export function inGenerations(generations: Iterable<number>): SQL {
  const list = [...generations];
  return list.length === 1
    ? eq(portfolioPatent.generation, list[0] as number)
    : inArray(portfolioPatent.generation, list);
}

/** The join fields of every patent of a generation, for the in-memory copy (./snapshot-index.ts). */
async function joinRows(generation: number): Promise<SnapshotPatent[]> {
  const db = await getDb();
  return db
    .select(snapshotFieldsOf(portfolioPatent))
    .from(portfolioPatent)
    .where(eq(portfolioPatent.generation, generation));
}

/** The snapshot rows for these patents; ids it does not know are simply absent from the map. */
export async function snapshotPatents(
  ids: readonly string[],
  opened: Promise<SnapshotIndex | null> = openSnapshotIndex(),
): Promise<Map<string, SnapshotPatent>> {
  const found = new Map<string, SnapshotPatent>();
  const index = await opened;
  if (!index) return found;
  for (const id of ids) {
    const patent = index.patents.get(id);
    if (patent) found.set(id, patent);
  }
  return found;
}

/** Adds patents read one by one (unknown to the snapshot) so the next view finds them. */
export async function rememberPatents(
  patents: readonly Patent[],
  connection: string = DEFAULT_CONNECTION,
): Promise<void> {
  const generation = await currentGeneration(connection);
  if (generation === null || patents.length === 0) return;
  const db = await getDb();
  await db
    .insert(portfolioPatent)
    .values(patents.map((patent) => toRow(generation, patent)))
    .onConflictDoNothing();
}

/**
 * Distinct values for the filters (owners, families, offices) from the snapshots of these
 * connections (the request's client scope).
 */
export async function snapshotFacets(
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<SnapshotFacets> {
  const indexes = (await Promise.all(connections.map((connection) => openSnapshotIndex(connection)))).filter(
    (index): index is SnapshotIndex => index !== null,
  );
  if (indexes.length <= 1) {
    const [index] = indexes;
    return index ? facetsOf(index) : { offices: [], owners: [], families: [] };
  }
  const each = indexes.map(facetsOf);
  return {
    offices: distinctSorted(each.flatMap((facets) => facets.offices)),
    owners: distinctSorted(each.flatMap((facets) => facets.owners)),
    families: distinctSorted(each.flatMap((facets) => facets.families)),
  };
}

/** A patent of the snapshot with the client connection whose snapshot holds it. */
export interface OwnedPatent {
  patent: Patent;
  connection: string;
}

/** Stored rows read tolerantly again, each with the connection its generation belongs to. */
export function ownedPatents(
  rows: readonly { data: unknown; generation: number }[],
  generations: ReadonlyMap<number, string>,
): OwnedPatent[] {
  return rows.flatMap((row) => {
    const parsed = tolerant.patent.safeParse(row.data);
    const connection = generations.get(row.generation);
    return parsed.success && connection ? [{ patent: parsed.data, connection }] : [];
  });
}

/** Every patent of the current snapshots of these connections, as the service sent them. */
export async function allSnapshotPatents(
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<Patent[]> {
  return (await allOwnedPatents(connections)).map((owned) => owned.patent);
}

/** allSnapshotPatents with each patent's connection, for rows labelled with their client. */
export async function allOwnedPatents(connections: readonly string[]): Promise<OwnedPatent[]> {
  const generations = await currentGenerations(connections);
  if (generations.size === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ data: portfolioPatent.data, generation: portfolioPatent.generation })
    .from(portfolioPatent)
    .where(inGenerations(generations.keys()));
  return ownedPatents(rows, generations);
}

/**
 * One page of the portfolio from the snapshots of these connections (the request's clients), in
 * the order the user chose (spec: Endpoint 1's five sort fields; without one, the service's own
 * order as the snapshot read it), or the one patent with an exact providerId. A page view costs no
 * upstream call. `connections` names each patent's client, in the order of `data`.
 */
export async function snapshotPage(query: {
  connections: readonly string[];
  page: number;
  size: number;
  sort?: { field: PatentSortField; desc: boolean } | null;
  providerId?: string;
  tag?: string;
}): Promise<Page<Patent> & { connections: string[] }> {
  const generations = await currentGenerations(query.connections);
  const empty = {
    totalItems: 0,
    currentPage: query.page,
    itemsPerPage: query.size,
    totalPages: 0,
    hasMore: false,
  };
  if (generations.size === 0) return { pagination: empty, data: [], connections: [] };
  const db = await getDb();
  const where = and(
    inGenerations(generations.keys()),
    query.providerId ? eq(portfolioPatent.providerId, query.providerId) : undefined,
    query.tag ? carriesTag(query.tag) : undefined,
  );
  const key = query.sort ? sql`${portfolioPatent.data}->>${query.sort.field}` : null;
  // Nulls last whichever the direction, as on screen; the id keeps equal keys in one order.
  const order = key
    ? [query.sort?.desc ? sql`${key} desc nulls last` : sql`${key} asc nulls last`, asc(portfolioPatent.id)]
    : [asc(portfolioPatent.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ data: portfolioPatent.data, generation: portfolioPatent.generation })
      .from(portfolioPatent)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: sql<number>`count(*)::int` }).from(portfolioPatent).where(where),
  ]);
  const totalItems = counted?.total ?? 0;
  const totalPages = Math.ceil(totalItems / query.size);
  const owned = ownedPatents(rows, generations);
  return {
    pagination: {
      totalItems,
      currentPage: query.page,
      itemsPerPage: query.size,
      totalPages,
      hasMore: query.page < totalPages,
    },
    data: owned.map((item) => item.patent),
    connections: owned.map((item) => item.connection),
  };
}

/**
 * One patent of the snapshots of these connections, as the service sent it, with the connection
 * that holds it; null when none of them does (another client's patent is not found).
 */
export async function snapshotPatent(
  id: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<OwnedPatent | null> {
  const generations = await currentGenerations(connections);
  if (generations.size === 0) return null;
  const db = await getDb();
  const rows = await db
    .select({ data: portfolioPatent.data, generation: portfolioPatent.generation })
    .from(portfolioPatent)
    .where(and(inGenerations(generations.keys()), eq(portfolioPatent.id, id)))
    .limit(1);
  return ownedPatents(rows, generations)[0] ?? null;
}
