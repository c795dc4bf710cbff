import 'server-only';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Patent, tolerant } from '../../annuity/schemas';
import type { Database } from '../../db';
import { getDb } from '../../db';
import { queryRows } from '../../db/open';
import { portfolioPatent } from '../../db/schema';
import { searchColumns, searchKey } from '../../portfolio/search-key';
import { carriesTag } from '../tags/filter';
import { analyzeSnapshot, currentGenerations, inGenerations, ownedPatents } from './snapshot';

/**
 * The portfolio search over the snapshot in our database: the service itself finds a
 * patent only by its exact providerId (spec: Endpoints 1). Each snapshot row carries the search
 * keys of its numbers and of its words (lib/portfolio/search-key.ts), under trigram indexes
 * (migration 0015), so a search for a number stays an index lookup at 29,000 patents
 * (`npm run bench:search`). Results are ranked: an exact number or reference first, then a number,
 * then a title or owner that starts with the search, then ones that contain it; titles and owners
 * with similar words only when nothing contains the search (a typo).
 */

/** Shorter searches only match what contains them: three letters are "similar" to too much. */
const MIN_SIMILAR_LENGTH = 4;

export interface SnapshotSearch {
  patents: Patent[];
  /** Each patent's client connection, in the order of `patents`. */
  connections: string[];
  /** Patents that match in all, across pages. */
  total: number;
}

/** Searches the snapshots of `options.connections` (the request's clients) together. */
export async function searchSnapshot(
  text: string,
  options: {
    connections: readonly string[];
    page: number;
    size: number | null;
    providerId?: string;
    tag?: string;
  },
): Promise<SnapshotSearch> {
  const key = searchKey(text);
  const generations = await currentGenerations(options.connections);
  if (generations.size === 0 || key.length === 0) return { patents: [], connections: [], total: 0 };
  const db = await getDb();
  await Promise.all([...generations.keys()].map((generation) => ensureSearchKeys(db, generation)));

  const scope = sql`${inGenerations(generations.keys())}
    ${options.providerId ? sql`and provider_id = ${options.providerId}` : sql``}
    ${options.tag ? sql`and ${carriesTag(options.tag)}` : sql``}`;
  // The key holds letters and digits only, so it needs no escaping inside a LIKE pattern.
  const contains = `%${key}%`;
  const found = await searchPage(db, generations, key, {
    ...options,
    filter: sql`${scope} and (search_numbers like ${contains} or search_words like ${contains})`,
  });
  if (found.total > 0 || key.length < MIN_SIMILAR_LENGTH) return found;
  // Nothing contains it: perhaps a typo. Similar words are looked for only then, because judging
  // every row's words costs far more than a LIKE (bench:search: ~0.5 s against ~50 ms for a
  // broad search at 29,000 patents on PGlite). `<%`: some stretch of the words is at least
  // pg_trgm.word_similarity_threshold (0.6) alike.
  return searchPage(db, generations, key, { ...options, filter: sql`${scope} and ${key} <% search_words` });
}

/**
 * One page of the patents `filter` keeps, best match first. The page is chosen over narrow rows
 * (id, rank, reference) and only its patents' data is read: a broad search ("industrial", 3,755 of
 * 29,000) would otherwise sort every match's JSON.
 */
async function searchPage(
  db: Database,
  generations: ReadonlyMap<number, string>,
  key: string,
  options: { page: number; size: number | null; filter: SQL },
): Promise<SnapshotSearch> {
  const contains = `%${key}%`;
  const pageLimit =
    options.size === null ? sql`` : sql`limit ${options.size} offset ${(options.page - 1) * options.size}`;
  const rows = await queryRows<{ data: unknown; generation: number; total: string | number }>(
    db,
    sql`
    with matched as (
      select generation, id, client_case_reference as reference, search_words,
        -- The same order as matchOf (lib/portfolio/search-key.ts), which names the field for the table.
        case
          when ' ' || search_numbers || ' ' like ${`% ${key} %`} then 0
          when ' ' || search_numbers like ${`% ${key}%`} then 1
          when ' ' || search_words like ${`% ${key}%`} then 2
          when search_numbers like ${contains} then 3
          when search_words like ${contains} then 4
          else 5
        end as rank
      from portfolio_patent
      where ${options.filter}
    ),
    page as (
      select generation, id, rank, reference, count(*) over () as total,
        -- Only the similar matches need their closeness.
        case when rank = 5 then word_similarity(${key}, search_words) end as closeness
      from matched
      order by rank, closeness desc nulls last, reference nulls last, id
      ${pageLimit}
    )
    select p.data, p.generation, page.total
    from page join portfolio_patent p on p.generation = page.generation and p.id = page.id
    order by page.rank, page.closeness desc nulls last, page.reference nulls last, page.id`,
  );
  const owned = ownedPatents(rows, generations);
  const found = (total: number) => ({
    patents: owned.map((item) => item.patent),
    connections: owned.map((item) => item.connection),
    total,
  });
  if (rows[0]) return found(Number(rows[0].total));
  // No row carries the count: none matched, or the page is past the end.
  if (options.page === 1) return found(0);
  const [counted] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from portfolio_patent where ${options.filter}`,
  );
  return found(Number(counted?.n ?? 0));
}

/** Rows keyed per statement when filling keys in: a few hundred kilobytes of parameters. */
const FILL_BATCH = 1000;

// Per database handle, the generations whose rows all have keys (on globalThis: a module reload
// keeps it). Rows the snapshot writes carry their keys; only rows written before migration 0015
// lack them, once.
const holder = globalThis as typeof globalThis & {
  __searchKeyed?: WeakMap<object, Map<number, Promise<void>>>;
};

/**
 * Gives every row of the generation its search keys, once per process: a snapshot written before
 * the search existed is searchable at once, without reading the portfolio again upstream. An
 * UPDATE of these columns leaves the snapshot's revision alone: the in-memory index
 * (./snapshot-index.ts) does not hold them.
 */
function ensureSearchKeys(db: Database, generation: number): Promise<void> {
  holder.__searchKeyed ??= new WeakMap();
  let byGeneration = holder.__searchKeyed.get(db);
  if (!byGeneration) {
    byGeneration = new Map();
    holder.__searchKeyed.set(db, byGeneration);
  }
  const known = byGeneration.get(generation);
  if (known) return known;
  const filling = fillSearchKeys(db, generation);
  byGeneration.set(generation, filling);
  // A failed fill is not kept: the next search tries again.
  filling.catch(() => byGeneration.delete(generation));
  return filling;
}

async function fillSearchKeys(db: Database, generation: number): Promise<void> {
  for (let filled = 0; ; filled++) {
    const rows = await db
      .select({ id: portfolioPatent.id, data: portfolioPatent.data })
      .from(portfolioPatent)
      .where(and(eq(portfolioPatent.generation, generation), isNull(portfolioPatent.searchNumbers)))
      .limit(FILL_BATCH);
    if (rows.length === 0) {
      // The new keys need statistics before the planner uses their indexes.
      if (filled > 0) await analyzeSnapshot('search-keys');
      return;
    }
    const values = rows.map((row) => {
      const parsed = tolerant.patent.safeParse(row.data);
      // A row the tolerant reading refuses is searchable by nothing, but no longer unkeyed.
      const columns = parsed.success ? searchColumns(parsed.data) : { numbers: '', words: '' };
      return sql`(${row.id}, ${columns.numbers}, ${columns.words})`;
    });
    await db.execute(sql`
      update portfolio_patent set search_numbers = keyed.numbers, search_words = keyed.words
      from (values ${sql.join(values, sql`, `)}) as keyed(id, numbers, words)
      where portfolio_patent.generation = ${generation} and portfolio_patent.id = keyed.id`);
  }
}
