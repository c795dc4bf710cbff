import { markdownTable, spreadCells } from './report';
import { type Spread, spread } from './stats';

/**
 * The portfolio searches the bench times, built from the tenant's own patents so each
 * one finds something real: numbers typed the way people type them (other case, spaces, no
 * punctuation), a case reference's start, owner and title words, a typo, the broadest two-letter
 * search (no trigram to use: the whole snapshot is read), and a miss.
 */
export interface SearchCase {
  name: string;
  query: string;
  /** The patent that must come first, when the search names one patent. */
  expectFirst: string | null;
}

interface SamplePatent {
  id: string;
  clientCaseReference: string | null;
  applicationNumber: string | null;
  publicationNumber: string | null;
  grantPublicationNumber: string | null;
  title: string | null;
  owner: string | null;
}

/** "EP3456789A1" → "ep 3456 789a1": another case, spaces where there were none. */
const retyped = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^(\D*)(\d{4})/, '$1 $2 ');

const typo = (word: string) =>
  word.length < 5 ? word : `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;

export function searchCases(sample: readonly SamplePatent[]): SearchCase[] {
  const withAll = sample.find(
    (patent) =>
      patent.clientCaseReference &&
      patent.applicationNumber &&
      patent.publicationNumber &&
      patent.grantPublicationNumber &&
      patent.title &&
      patent.owner,
  );
  if (!withAll) throw new Error('no patent of the sample has every number, a title and an owner');
  const owner = withAll.owner as string;
  const ownerWord = owner.split(/\s+/).find((word) => word.length >= 5) ?? owner;
  const titleWord =
    (withAll.title as string)
      .split(/\s+/)
      .filter((word) => word.length >= 6)
      .at(-1) ?? (withAll.title as string);
  return [
    {
      name: 'publication number, retyped',
      query: retyped(withAll.publicationNumber as string),
      expectFirst: withAll.id,
    },
    {
      name: 'grant number, retyped',
      query: retyped(withAll.grantPublicationNumber as string),
      expectFirst: withAll.id,
    },
    {
      name: 'application number, no punctuation',
      query: (withAll.applicationNumber as string).replace(/[^A-Za-z0-9]/g, ''),
      expectFirst: withAll.id,
    },
    {
      name: 'case reference, lower case',
      query: (withAll.clientCaseReference as string).toLowerCase(),
      expectFirst: withAll.id,
    },
    {
      name: 'case reference, first 6 characters',
      query: (withAll.clientCaseReference as string).slice(0, 6),
      expectFirst: null,
    },
    { name: 'owner word, upper case', query: ownerWord.toUpperCase(), expectFirst: null },
    { name: 'title word', query: titleWord.toLowerCase(), expectFirst: null },
    { name: 'owner with a typo', query: typo(owner.toLowerCase()), expectFirst: null },
    { name: 'two letters (broadest)', query: 'ep', expectFirst: null },
    { name: 'nothing matches', query: 'zzqx 9999', expectFirst: null },
  ];
}

export interface SearchTiming {
  name: string;
  query: string;
  matches: number;
  /** Whether the patent the search names came first (null: it names none). */
  firstIsExpected: boolean | null;
  ms: Spread;
}

export function searchTable(timings: readonly SearchTiming[]): string {
  return markdownTable(
    ['search', 'query', 'matches', 'expected first', 'min', 'median', 'max'],
    timings.map((timing) => [
      timing.name,
      JSON.stringify(timing.query),
      String(timing.matches),
      timing.firstIsExpected === null ? '' : timing.firstIsExpected ? 'yes' : 'NO',
      ...spreadCells(timing.ms),
    ]),
  );
}

/**
 * The same searches over HTTP against the production dashboard (`npm run bench`): the whole of
 * /api/portfolio?q=, session check, snapshot freshness check and JSON included. The sample
 * patents come from the dashboard's own portfolio page, from the middle of the portfolio.
 */
export async function measureSearchOverHttp(
  session: { get(path: string): Promise<{ status: number; body: string }> },
  patentCount: number,
  runs: number,
): Promise<SearchTiming[]> {
  const middle = Math.max(1, Math.floor(patentCount / 2 / 100));
  const listed = await session.get(`/api/portfolio?page=${middle}&size=100`);
  if (listed.status !== 200) throw new Error(`/api/portfolio answered ${listed.status}`);
  const sample = (JSON.parse(listed.body) as { data: SamplePatent[] }).data;
  const timings: SearchTiming[] = [];
  for (const search of searchCases(sample)) {
    const path = `/api/portfolio?q=${encodeURIComponent(search.query)}&size=25`;
    const first = await session.get(path);
    if (first.status !== 200)
      throw new Error(`${path} answered ${first.status}: ${first.body.slice(0, 200)}`);
    const page = JSON.parse(first.body) as { data: { id: string }[]; pagination: { totalItems: number } };
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const answer = await session.get(path);
      samples.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    }
    timings.push({
      name: search.name,
      query: search.query,
      matches: page.pagination.totalItems,
      firstIsExpected: search.expectFirst === null ? null : page.data[0]?.id === search.expectFirst,
      ms: spread(samples),
    });
  }
  return timings;
}
