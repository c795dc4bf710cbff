import 'server-only';
import type { Patent, PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { DEFAULT_PATENT_SORT, parsePatentSort } from '../../portfolio/columns';
import type { PortfolioQuery } from '../../portfolio/query';
import { matchOf, type PortfolioPage } from '../../portfolio/search-key';
import { isRenewalEvent } from '../../renewals/rows';
import type { CopyAge } from '../../sync/age';
import { connectionsToRead } from '../clients/client-filter';
import { type ClientScope, clientNameOf, labelsClients } from '../clients/scope';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { copyPatentEvents, ensurePatentEvents } from '../sync/copy';
import { readHealth } from '../sync/health';
import { patentsTagged } from '../tags/tags';
import { pageSnapshot } from './join';
import { patentConnection } from './owner';
import { searchSnapshot } from './search';
import { allOwnedPatents, rememberPatents, snapshotPage, snapshotPatent } from './snapshot';

/** Each row's client name when the user works for several clients (rule: rows say whose they are). */
function clientLabels(scope: ClientScope, connections: readonly string[]): { clients?: string[] } {
  return labelsClients(scope)
    ? { clients: connections.map((connection) => clientNameOf(scope, connection)) }
    : {};
}

/**
 * One page of the portfolio from the snapshot (our copy of the patents, kept by the worker), in
 * the order of the service's sort fields (spec: Endpoints 1): a page view costs no upstream call
 * and works while the service does not answer. A search is ranked by how well each patent matched
 * (the service finds a patent by its exact providerId only). It reads the request's clients, or the
 * one its `client` filter names; with several, each row says whose it is.
 */
export async function loadPatentPage(
  query: PortfolioQuery,
  requestId: string,
  scope: ClientScope,
): Promise<PortfolioPage> {
  const connections = connectionsToRead(scope, query.client);
  if (query.q)
    return searchPatentPage(query as PortfolioQuery & { q: string }, requestId, scope, connections);
  const snapshot = await pageSnapshot(requestId, connections);
  const { connections: owners, ...page } = await snapshotPage({
    connections,
    page: query.page,
    size: query.size,
    sort: parsePatentSort(query.sort ?? DEFAULT_PATENT_SORT),
    providerId: query.providerId,
    tag: query.tag,
  });
  return {
    ...page,
    ...clientLabels(scope, owners),
    snapshotAt: snapshot.refreshedAt?.toISOString() ?? null,
  };
}

async function searchPatentPage(
  query: PortfolioQuery & { q: string },
  requestId: string,
  scope: ClientScope,
  connections: readonly string[],
): Promise<PortfolioPage> {
  const snapshot = await pageSnapshot(requestId, connections);
  const found = await searchSnapshot(query.q, {
    connections,
    page: query.page,
    size: query.size,
    providerId: query.providerId,
    tag: query.tag,
  });
  const totalPages = Math.ceil(found.total / query.size);
  return {
    pagination: {
      totalItems: found.total,
      currentPage: query.page,
      itemsPerPage: query.size,
      totalPages,
      hasMore: query.page < totalPages,
    },
    data: found.patents,
    ...clientLabels(scope, found.connections),
    search: {
      matches: found.patents.map((patent) => matchOf(patent, query.q)),
      snapshotAt: snapshot.refreshedAt?.toISOString() ?? null,
    },
  };
}

export interface PatentDetail {
  patent: Patent;
  /** The client connection the patent belongs to (its snapshot's, within the request's clients). */
  connection: string;
  /** Renewal events, past and future, by due date (other kinds left out, spec: Patent event). */
  events: PatentEvent[];
  otherEventKinds: number;
  /** The copy's age: the oldest of its events' reads, and whether the service answers. */
  copy: CopyAge;
}

/**
 * A patent and its renewals from the copy: the snapshot's patent and the copy's events, of one of
 * `connections` (the request's clients; another client's patent is not found, never read). A
 * patent or an event list the copy never held is read once with its own client's key and kept
 * (spec: Endpoints 2–3); a 404 from that read reaches the page as not-found. Other views cost no
 * upstream call.
 */
export async function loadPatentDetail(
  patentId: string,
  requestId: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<PatentDetail> {
  const held = await snapshotPatent(patentId, connections);
  let patent = held?.patent;
  const connection = held?.connection ?? (await patentConnection(patentId, connections));
  if (!patent) {
    const { data } = await upstreamClient(requestId, connection).getPatent(patentId, { requestId });
    await rememberPatents([data], connection);
    patent = data;
  }
  const [{ events, asOf, read }, health] = await Promise.all([
    ensurePatentEvents(patentId, requestId, connection).then(async (read) => ({
      ...(await copyPatentEvents(patentId, connection)),
      read,
    })),
    getDb().then((db) => readHealth(db, connection)),
  ]);
  const renewals = events.filter(isRenewalEvent);
  const copy: CopyAge = {
    asOf,
    incomplete: [],
    neverRead: [],
    notAnsweringSince: health.failingSince?.toISOString() ?? null,
    ...(read ? {} : { shareSpent: true }),
  };
  return { patent, connection, events: renewals, otherEventKinds: events.length - renewals.length, copy };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The whole portfolio for an export, from the snapshots of the request's clients (or the one its
 * `client` filter names; no upstream call when they are fresh), in the order the user chose. Only
 * the five sortable fields exist, as on screen. With several clients, each patent's client name.
 */
export async function portfolioForExport(
  query: Pick<PortfolioQuery, 'sort' | 'providerId' | 'q' | 'tag' | 'client'>,
  requestId: string,
  scope: ClientScope,
): Promise<{ patents: Patent[]; clients?: string[]; snapshotAt: Date | null }> {
  const connections = connectionsToRead(scope, query.client);
  const snapshot = await pageSnapshot(requestId, connections);
  // A search exports what it found, in its ranking, as on screen.
  if (query.q) {
    const found = await searchSnapshot(query.q, {
      connections,
      page: 1,
      size: null,
      providerId: query.providerId,
      tag: query.tag,
    });
    return {
      patents: found.patents,
      ...clientLabels(scope, found.connections),
      snapshotAt: snapshot.refreshedAt,
    };
  }
  let owned = await allOwnedPatents(connections);
  if (query.providerId) owned = owned.filter(({ patent }) => patent.providerId === query.providerId);
  if (query.tag) {
    const tagged = new Set(await patentsTagged(query.tag, connections));
    owned = owned.filter(({ patent }) => tagged.has(patent.id));
  }
  const sort = parsePatentSort(query.sort ?? DEFAULT_PATENT_SORT);
  if (sort) {
    const direction = sort.desc ? -1 : 1;
    // Equal keys by id, as the pages order them: the same export twice lists the same order.
    owned.sort(({ patent: a }, { patent: b }) => {
      const x = a[sort.field];
      const y = b[sort.field];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        const order = collator.compare(x, y) * direction;
        if (order !== 0) return order;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }
  return {
    patents: owned.map((item) => item.patent),
    ...clientLabels(
      scope,
      owned.map((item) => item.connection),
    ),
    snapshotAt: snapshot.refreshedAt,
  };
}
