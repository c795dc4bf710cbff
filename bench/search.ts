/**
 * `npm run bench:search`: the portfolio search at 29,000 patents on PGlite, the
 * dashboard's embedded database. Generates the stand-in service's portfolio for a large tenant (its
 * own generator and wire view, in this process: the search needs patents, not the service),
 * stores it in a fresh in-memory PGlite through refreshSnapshot, page by page as the dashboard does
 * (that time includes keeping the trigram indexes), then times each search of
 * bench/lib/search-cases.ts through searchSnapshot, the function /api/portfolio calls, and says
 * whether the plan used the trigram indexes. Prints a table and writes bench/results-search.json.
 *
 * Options: --patents N (default 29000), --seed N (7), --runs N (timed runs per search, default 15).
 * Runs with the react-server condition, as the worker does: the server modules import server-only.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { AnnuityClient } from '../lib/annuity/client';
import { type Patent, tolerant } from '../lib/annuity/schemas';
import { setDatabaseForTests } from '../lib/db';
import { openDatabase, queryRows } from '../lib/db/open';
import { searchKey } from '../lib/portfolio/search-key';
import { DEFAULT_CONNECTION } from '../lib/server/connection/default-connection';
import { searchSnapshot } from '../lib/server/portfolio/search';
import { allSnapshotPatents, refreshSnapshot } from '../lib/server/portfolio/snapshot';
import { patentView } from '../sandbox/api/views';
import { GENERATOR_VERSION } from '../sandbox/generator/generate-tenant';
import { IdFactory } from '../sandbox/generator/ids';
import { generatePatents } from '../sandbox/generator/portfolio';
import { Random } from '../sandbox/generator/prng';
import { numericOptions } from './lib/args';
import { type SearchTiming, searchCases, searchTable } from './lib/search-cases';
import { spread, timed } from './lib/stats';

const root = fileURLToPath(new URL('..', import.meta.url));
const { patents: PATENTS, seed: SEED, runs: RUNS } = numericOptions({ patents: 29_000, seed: 7, runs: 15 });
const PAGE_SIZE = 25;

/** The stand-in's portfolio for a tenant of this size and seed, as its API sends it. */
function generatedPortfolio(): Patent[] {
  const config = {
    id: '00000000-0000-4000-8000-00000000bec4',
    name: 'bench-search',
    currency: 'EUR',
    invoiceCurrencyByOffice: {},
    seed: SEED,
    patentCount: PATENTS,
    portfolio: 'european' as const,
    anchorDate: new Date().toISOString().slice(0, 10),
    freezeEnabled: false,
    freezeHorizonMonths: 0,
    vatRate: 0,
    vatNumber: null,
    generatorVersion: GENERATOR_VERSION,
    createdAt: new Date().toISOString(),
  };
  return generatePatents(config, new IdFactory(config.id), new Random(config.seed, 1)).map((record) =>
    tolerant.patent.parse(patentView(record)),
  );
}

/** The service's patent list over the generated portfolio, 100 a page (spec: Limits 1). */
function servedFrom(patents: readonly Patent[]): AnnuityClient {
  const getPatents = async ({ currentPage, itemsPerPage }: { currentPage: number; itemsPerPage: number }) => {
    const totalPages = Math.ceil(patents.length / itemsPerPage);
    const data = patents.slice((currentPage - 1) * itemsPerPage, currentPage * itemsPerPage);
    const pagination = {
      totalItems: patents.length,
      currentPage,
      itemsPerPage,
      totalPages,
      hasMore: currentPage < totalPages,
    };
    return { data: { pagination, data }, meta: {} };
  };
  return { getPatents } as unknown as AnnuityClient;
}

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  setDatabaseForTests(database);
  try {
    const generated = generatedPortfolio();
    console.log(`▸ ${generated.length} patents generated (seed ${SEED}); storing them in PGlite`);
    const refresh = await timed(() => refreshSnapshot(servedFrom(generated), 'bench-search'));
    console.log(`  snapshot of ${refresh.value.patents} patents in ${Math.round(refresh.ms)} ms`);

    const patents = await allSnapshotPatents();
    // A patent from the middle of the portfolio, not the first one generated.
    const sample = patents.slice(Math.floor(patents.length / 2));
    const timings: (SearchTiming & { usesTrigramIndex: boolean })[] = [];
    for (const search of searchCases(sample)) {
      // The first run keys nothing (the snapshot wrote its keys) but warms PGlite's caches.
      const first = await searchSnapshot(search.query, {
        connections: [DEFAULT_CONNECTION],
        page: 1,
        size: PAGE_SIZE,
      });
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        samples.push(
          (
            await timed(() =>
              searchSnapshot(search.query, { connections: [DEFAULT_CONNECTION], page: 1, size: PAGE_SIZE }),
            )
          ).ms,
        );
      }
      timings.push({
        name: search.name,
        query: search.query,
        matches: first.total,
        firstIsExpected: search.expectFirst === null ? null : first.patents[0]?.id === search.expectFirst,
        ms: spread(samples),
        usesTrigramIndex: await usesTrigramIndex(database.db, searchKey(search.query)),
      });
    }

    console.log(
      `\nPortfolio search on PGlite, ${refresh.value.patents} patents, first page of ${PAGE_SIZE}, ms over ${RUNS} runs\n`,
    );
    console.log(searchTable(timings));
    console.log(
      `\nTrigram index used by: ${timings
        .filter((timing) => timing.usesTrigramIndex)
        .map((timing) => timing.name)
        .join('; ')}.`,
    );
    const results = {
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
      patents: refresh.value.patents,
      snapshotRefreshMs: Math.round(refresh.ms),
      pageSize: PAGE_SIZE,
      runs: RUNS,
      searches: timings,
    };
    const file = path.join(root, 'bench', 'results-search.json');
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(root, file)}.`);
    const wrong = timings.filter((timing) => timing.firstIsExpected === false);
    if (wrong.length > 0) {
      console.error(
        `The named patent did not come first for: ${wrong.map((timing) => timing.name).join('; ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    setDatabaseForTests(undefined);
    await database.close();
  }
}

/** Whether the plan of the search's filter reads a trigram index (a two-letter search cannot). */
async function usesTrigramIndex(db: Parameters<typeof queryRows>[0], key: string): Promise<boolean> {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain select id from portfolio_patent
        where search_numbers like ${`%${key}%`} or search_words like ${`%${key}%`}`,
  );
  return plan.some((row) => /portfolio_patent_search_(numbers|words)_idx/.test(row['QUERY PLAN']));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
