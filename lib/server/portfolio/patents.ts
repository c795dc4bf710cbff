import 'server-only';
import type { Patent, PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { parsePatentSort } from '../../portfolio/columns';
import type { PortfolioQuery } from '../../portfolio/query';
import { matchOf, type PortfolioPage } from '../../portfolio/search-key';
import { isRenewalEvent } from '../../renewals/rows';
import type { CopyAge } from '../../sync/age';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { copyPatentEvents, ensurePatentEvents } from '../sync/copy';
import { readHealth } from '../sync/health';
import { patentsTagged } from '../tags/tags';
import { pageSnapshot } from './join';
import { searchSnapshot } from './search';
import { allSnapshotPatents, rememberPatents, snapshotPage, snapshotPatent } from './snapshot';

/**
 * One page of the portfolio from the snapshot (our copy of the patents, kept by the worker), in
 * the order of the service's sort fields (spec: Endpoints 1): a page view costs no upstream call
 * and works while the service does not answer. A search is ranked by how well each patent matched
 * (the service finds a patent by its exact providerId only).
 */
export async function loadPatentPage(query: PortfolioQuery, requestId: string): Promise<PortfolioPage> {
  if (query.q) return searchPatentPage(query as PortfolioQuery & { q: string }, requestId);
  const snapshot = await pageSnapshot(requestId);
  const page = await snapshotPage({
    page: query.page,
    size: query.size,
    sort: parsePatentSort(query.sort),
    providerId: query.providerId,
    tag: query.tag,
  });
  return { ...page, snapshotAt: snapshot.refreshedAt?.toISOString() ?? null };
}

async function searchPatentPage(
  query: PortfolioQuery & { q: string },
  requestId: string,
): Promise<PortfolioPage> {
  const snapshot = await pageSnapshot(requestId);
  const { patents, total } = await searchSnapshot(query.q, {
    page: query.page,
    size: query.size,
    providerId: query.providerId,
    tag: query.tag,
  });
  const totalPages = Math.ceil(total / query.size);
  return {
    pagination: {
      totalItems: total,
      currentPage: query.page,
      itemsPerPage: query.size,
      totalPages,
      hasMore: query.page < totalPages,
    },
    data: patents,
    search: {
      matches: patents.map((patent) => matchOf(patent, query.q)),
      snapshotAt: snapshot.refreshedAt?.toISOString() ?? null,
    },
  };
}

export interface PatentDetail {
  patent: Patent;
  /** Renewal events, past and future, by due date (other kinds left out, spec: Patent event). */
  events: PatentEvent[];
  otherEventKinds: number;
  /** The copy's age: the oldest of its events' reads, and whether the service answers. */
  copy: CopyAge;
}

/**
 * A patent and its renewals from the copy: the snapshot's patent and the copy's events. A patent or
 * an event list the copy never held is read once and kept (spec: Endpoints 2–3); a 404 from that
 * read reaches the page as not-found. Other views cost no upstream call.
 */
export async function loadPatentDetail(patentId: string, requestId: string): Promise<PatentDetail> {
  let patent = await snapshotPatent(patentId);
  if (!patent) {
    const { data } = await upstreamClient(requestId).getPatent(patentId, { requestId });
    await rememberPatents([data]);
    patent = data;
  }
  await ensurePatentEvents(patentId, requestId);
  const [{ events, asOf }, health] = await Promise.all([
    copyPatentEvents(patentId),
    getDb().then((db) => readHealth(db, DEFAULT_CONNECTION)),
  ]);
  const renewals = events.filter(isRenewalEvent);
  const copy: CopyAge = {
    asOf,
    incomplete: [],
    neverRead: [],
    notAnsweringSince: health.failingSince?.toISOString() ?? null,
  };
  return { patent, events: renewals, otherEventKinds: events.length - renewals.length, copy };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The whole portfolio for an export, from the snapshot (no upstream call when it is fresh), in the
 * order the user chose. Only the five sortable fields exist, as on screen.
 */
export async function portfolioForExport(
  query: Pick<PortfolioQuery, 'sort' | 'providerId' | 'q' | 'tag'>,
  requestId: string,
): Promise<{ patents: Patent[]; snapshotAt: Date | null }> {
  const snapshot = await pageSnapshot(requestId);
  // A search exports what it found, in its ranking, as on screen.
  if (query.q) {
    const found = await searchSnapshot(query.q, {
      page: 1,
      size: null,
      providerId: query.providerId,
      tag: query.tag,
    });
    return { patents: found.patents, snapshotAt: snapshot.refreshedAt };
  }
  let patents = await allSnapshotPatents();
  if (query.providerId) patents = patents.filter((patent) => patent.providerId === query.providerId);
  if (query.tag) {
    const tagged = new Set(await patentsTagged(query.tag));
    patents = patents.filter((patent) => tagged.has(patent.id));
  }
  const sort = parsePatentSort(query.sort);
  if (sort) {
    const direction = sort.desc ? -1 : 1;
    patents.sort((a, b) => {
      const x = a[sort.field];
      const y = b[sort.field];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return collator.compare(x, y) * direction;
    });
  }
  return { patents, snapshotAt: snapshot.refreshedAt };
}
