import { afterAll, beforeAll } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import type { Patent } from '@/lib/annuity/schemas';
import { getDb } from '@/lib/db';
import { syncEvent, syncWindow } from '@/lib/db/schema';
import type { TestDatabaseKind } from '@/lib/db/testing';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { serviceEnv } from '@/lib/server/connection/testing';
import { refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { startAppHarness } from './app-harness';

/**
 * For tests of pages that read only our copy: the service is pointed at an address nothing answers
 * on (a call would fail the test), the portfolio snapshot is filled from a list, and the synced copy
 * from events, as the sync would have stored them.
 */

/** Points the dashboard at no service; returns what puts the environment back. */
function pointAtNoService(): () => void {
  const env = serviceEnv();
  env.point('http://127.0.0.1:9', '0'.repeat(64));
  return env.restore;
}

/** The service as refreshSnapshot reads it: one page holding the whole portfolio. */
export function fakePatentService(patents: Patent[]): AnnuityClient {
  const page = {
    pagination: {
      totalItems: patents.length,
      currentPage: 1,
      itemsPerPage: 100,
      totalPages: 1,
      hasMore: false,
    },
    data: patents,
  };
  return { getPatents: async () => ({ data: page, meta: {} }) } as unknown as AnnuityClient;
}

/** Months read completely by the sync (a fresh version each, so parsed copies are read again). */
export async function seedCopyMonths(months: readonly string[]): Promise<void> {
  const db = await getDb();
  await db
    .insert(syncWindow)
    .values(
      months.map((month) => ({
        connection: DEFAULT_CONNECTION,
        month,
        syncedAt: new Date(),
        attemptedAt: new Date(),
        complete: true,
        items: 1,
        version: 1,
      })),
    )
    .onConflictDoNothing();
}

/** Events in the copy as the sync stores them; their months marked as read completely. */
export async function seedCopyEvents(
  events: readonly { id: string; patent: { id: string }; dueDate: string }[],
): Promise<void> {
  await seedCopyMonths([...new Set(events.map((event) => event.dueDate.slice(0, 7)))]);
  const db = await getDb();
  await db.insert(syncEvent).values(
    events.map((event, position) => ({
      connection: DEFAULT_CONNECTION,
      eventId: event.id,
      patentId: event.patent.id,
      dueDate: event.dueDate,
      month: event.dueDate.slice(0, 7),
      position,
      body: JSON.stringify(event),
      walk: 'seed',
      readAt: new Date(),
    })),
  );
}

export interface OfflineCopy {
  harness: Awaited<ReturnType<typeof startAppHarness>>;
  /** How many patents the portfolio snapshot stored. */
  snapshotPatents: number;
}

/**
 * The set-up of a test of pages that read only our copy, registered as the describe block's
 * beforeAll/afterAll: a fresh dashboard (on a database of `kind`) pointed at no service, its
 * portfolio snapshot filled from `patents`. The block's own beforeAll, registered after this one,
 * seeds the rest once these fields are filled.
 */
export function setUpOfflineCopy(patents: Patent[], kind: TestDatabaseKind = 'pglite'): OfflineCopy {
  const copy = {} as OfflineCopy;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    copy.harness = await startAppHarness(kind);
    restore = pointAtNoService();
    copy.snapshotPatents = (await refreshSnapshot(fakePatentService(patents), 'test')).patents;
  }, 60_000);
  afterAll(async () => {
    await copy.harness?.stop();
    restore?.();
  });
  return copy;
}
