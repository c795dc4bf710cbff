import 'server-only';
import type { AnnuityClient, ResponseMeta } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import type { Patent } from '../../annuity/schemas';
import { logger } from '../../log';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import {
  openSnapshotIndex,
  refreshSnapshot,
  rememberPatents,
  type SnapshotPatent,
  snapshotPatentOf,
  snapshotPatents,
  snapshotStatus,
} from './snapshot';
import type { SnapshotIndex } from './snapshot-index';

/**
 * Joining events to their patents through the portfolio snapshot (events carry no office, spec:
 * Patent event). The snapshot is read once in full when there is none, refreshed in the background
 * when old, and a few patents it does not know yet are read one by one.
 */

/** Above this many unknown patents, one refresh of the snapshot is cheaper than single reads. */
const MAX_SINGLE_LOOKUPS = 20;
const LOOKUP_CONCURRENCY = 4;
const FIRST_REFRESH_WAIT_MS = 60_000;

export interface SnapshotReady {
  refreshedAt: Date | null;
  /** Upstream calls spent on the snapshot by this request. */
  calls: number;
}

/** Starts a refresh without waiting for it; failures are logged (the old snapshot stays in use). */
export function refreshInBackground(
  client: AnnuityClient,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): void {
  void refreshSnapshot(client, requestId, connection).catch((error: unknown) =>
    logger.warn({ err: error, requestId }, 'background snapshot refresh failed'),
  );
}

export async function ensureSnapshot(
  client: AnnuityClient,
  requestId: string,
  /** The connection `client` belongs to: its snapshot is the one ensured. */
  connection: string = DEFAULT_CONNECTION,
): Promise<SnapshotReady> {
  const status = await snapshotStatus(new Date(), connection);
  if (status.refreshedAt) {
    if (status.isStale && !status.refreshing) refreshInBackground(client, requestId, connection);
    return { refreshedAt: status.refreshedAt, calls: 0 };
  }
  // No snapshot at all: the first view waits for it, or for another instance's refresh.
  if (!status.refreshing) {
    const result = await refreshSnapshot(client, requestId, connection);
    if (result.claimed) return { refreshedAt: new Date(), calls: result.calls };
  }
  const deadline = Date.now() + FIRST_REFRESH_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await snapshotStatus(new Date(), connection);
    if (now.refreshedAt) return { refreshedAt: now.refreshedAt, calls: 0 };
    if (!now.refreshing) break;
  }
  return { refreshedAt: null, calls: 0 };
}

/**
 * The snapshots for a page view of these connections (the request's clients): no upstream call
 * while each has one (the worker refreshes them, lib/server/jobs); only a connection without any
 * is read once, with its own key, as ensureSnapshot does. `refreshedAt` is the oldest of them.
 */
export async function pageSnapshot(
  requestId: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<SnapshotReady> {
  const ready = await Promise.all(
    connections.map(async (connection): Promise<SnapshotReady> => {
      const status = await snapshotStatus(new Date(), connection);
      if (status.refreshedAt) return { refreshedAt: status.refreshedAt, calls: 0 };
      return ensureSnapshot(upstreamClient(requestId, connection), requestId, connection);
    }),
  );
  return {
    refreshedAt: ready.reduce<Date | null>(
      (oldest, each) =>
        each.refreshedAt && (!oldest || each.refreshedAt < oldest) ? each.refreshedAt : oldest,
      null,
    ),
    calls: ready.reduce((sum, each) => sum + each.calls, 0),
  };
}

export interface JoinedPatents {
  patents: Map<string, SnapshotPatent>;
  calls: number;
  metas: ResponseMeta[];
  /** Patents still unknown after the join (their rows show no office). */
  unknown: number;
}

export async function lookUpPatents(
  client: AnnuityClient,
  ids: readonly string[],
  requestId: string,
  /** The snapshot's copy, opened while the caller was reading pages (openSnapshotIndex). */
  opened?: Promise<SnapshotIndex | null>,
  /** The connection `client` belongs to: its snapshot is the one read and added to. */
  connection: string = DEFAULT_CONNECTION,
): Promise<JoinedPatents> {
  const patents = await snapshotPatents(ids, opened ?? openSnapshotIndex(connection));
  const missing = [...new Set(ids)].filter((id) => !patents.has(id));
  const result: JoinedPatents = { patents, calls: 0, metas: [], unknown: missing.length };
  if (missing.length === 0) return result;
  if (missing.length > MAX_SINGLE_LOOKUPS) {
    refreshInBackground(client, requestId, connection);
    return result;
  }
  const found: Patent[] = [];
  for (let start = 0; start < missing.length; start += LOOKUP_CONCURRENCY) {
    await Promise.all(
      missing.slice(start, start + LOOKUP_CONCURRENCY).map(async (id) => {
        result.calls += 1;
        try {
          const { data, meta } = await client.getPatent(id, { requestId });
          result.metas.push(meta);
          found.push(data);
        } catch (error) {
          // A patent gone from the portfolio leaves its row without office; anything else is real.
          if (!(error instanceof AnnuityApiError && error.status === 404)) throw error;
        }
      }),
    );
  }
  for (const patent of found) patents.set(patent.id, snapshotPatentOf(patent));
  await rememberPatents(found, connection);
  result.unknown = missing.length - found.length;
  return result;
}
