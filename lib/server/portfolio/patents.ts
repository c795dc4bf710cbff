import 'server-only';
import type { Page, Patent, PatentEvent } from '../../annuity/schemas';
import { parsePatentSort } from '../../portfolio/columns';
import type { PortfolioQuery } from '../../portfolio/query';
import { isRenewalEvent } from '../../renewals/rows';
import { upstreamClient } from '../connection/upstream';
import { ensureSnapshot } from './join';
import { allSnapshotPatents } from './snapshot';

/** One page of the portfolio, sorted and paginated by the service itself (spec: Endpoints 1). */
export async function loadPatentPage(query: PortfolioQuery, requestId: string): Promise<Page<Patent>> {
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
  query: Pick<PortfolioQuery, 'sort' | 'providerId'>,
  requestId: string,
): Promise<{ patents: Patent[]; snapshotAt: Date | null }> {
  const snapshot = await ensureSnapshot(upstreamClient(requestId), requestId);
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
