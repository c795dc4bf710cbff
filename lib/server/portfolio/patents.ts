import 'server-only';
import type { Patent, PatentEvent } from '../../annuity/schemas';
import { parsePatentSort } from '../../portfolio/columns';
import type { PortfolioQuery } from '../../portfolio/query';
import { matchOf, type PortfolioPage } from '../../portfolio/search-key';
import { isRenewalEvent } from '../../renewals/rows';
import { upstreamClient } from '../connection/upstream';
import { ensureSnapshot } from './join';
import { searchSnapshot } from './search';
import { allSnapshotPatents } from './snapshot';

/**
 * One page of the portfolio, sorted and paginated by the service itself (spec: Endpoints 1); a
 * search is answered from the snapshot instead, ranked by how well each patent matched (the
 * service finds a patent by its exact providerId only).
 */
export async function loadPatentPage(query: PortfolioQuery, requestId: string): Promise<PortfolioPage> {
  if (query.q) return searchPatentPage(query as PortfolioQuery & { q: string }, requestId);
  const { data } = await upstreamClient(requestId).getPatents(
    {
      currentPage: query.page,
      itemsPerPage: query.size,
      sort: query.sort,
      providerId: query.providerId,
    },
    { requestId },
  );
  return data;
}

async function searchPatentPage(
  query: PortfolioQuery & { q: string },
  requestId: string,
): Promise<PortfolioPage> {
  const snapshot = await ensureSnapshot(upstreamClient(requestId), requestId);
  const { patents, total } = await searchSnapshot(query.q, {
    page: query.page,
    size: query.size,
    providerId: query.providerId,
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
}

/** A patent and its events: two calls, made together. A 404 reaches the page as not-found. */
export async function loadPatentDetail(patentId: string, requestId: string): Promise<PatentDetail> {
  const client = upstreamClient(requestId);
  const [patent, events] = await Promise.all([
    client.getPatent(patentId, { requestId }),
    client.getPatentEvents(patentId, { requestId }),
  ]);
  const renewals = events.data.filter(isRenewalEvent).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return { patent: patent.data, events: renewals, otherEventKinds: events.data.length - renewals.length };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The whole portfolio for an export, from the snapshot (no upstream call when it is fresh), in the
 * order the user chose. Only the five sortable fields exist, as on screen.
 */
export async function portfolioForExport(
  query: Pick<PortfolioQuery, 'sort' | 'providerId' | 'q'>,
  requestId: string,
): Promise<{ patents: Patent[]; snapshotAt: Date | null }> {
  const snapshot = await ensureSnapshot(upstreamClient(requestId), requestId);
  // A search exports what it found, in its ranking, as on screen.
  if (query.q) {
    const found = await searchSnapshot(query.q, { page: 1, size: null, providerId: query.providerId });
    return { patents: found.patents, snapshotAt: snapshot.refreshedAt };
  }
  let patents = await allSnapshotPatents();
  if (query.providerId) patents = patents.filter((patent) => patent.providerId === query.providerId);
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
