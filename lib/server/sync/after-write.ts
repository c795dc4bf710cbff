import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { syncEvent, syncWindow } from '../../db/schema';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { monthOf } from '../../format/dates';
import { logger } from '../../log';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { storePatentEvents } from './copy';
import { readFreezeMonth, readFreezes } from './documents';
import { syncMonth } from './walk';

/**
 * A user's own writes show at once: once a batch has reached the service, the months holding its
 * renewals are read again into the copy, so the month view, Today and tracking show the applied
 * decisions and the new processing state on the next view instead of at the next sync. The same
 * after a freeze (its month's estimates now use the frozen rates, spec: Endpoint 15). A failed
 * re-read is logged and left to the sync: the write itself stands.
 */
export async function refreshMonths(
  months: Iterable<string>,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<number> {
  const db = await getDb();
  const client = upstreamClient(requestId, connection);
  let calls = 0;
  for (const month of new Set(months)) {
    try {
      calls += (await syncMonth(client, db, connection, month, requestId)).calls;
    } catch (error) {
      logger.warn({ err: error, requestId, month }, 'the copy could not be refreshed after a write');
    }
  }
  return calls;
}

/**
 * A decision changes more than its own renewal: the patent's next renewal becomes the earliest
 * undecided one (spec: Instruction rules, EARLIER_EVENT_PENDING), and a DROP deletes every future
 * renewal of the patent. So the months of the batch's renewals are read again, and the later
 * renewals the copy holds of the same patents too: by their months, or patent by patent when
 * that takes fewer calls (spec: Endpoint 3, one call a patent).
 */
export async function refreshAfterBatch(batch: BatchView, requestId: string): Promise<BatchView> {
  // Nothing was posted yet: waiting for approval, or sent back.
  if (batch.state === S.awaitingApproval || batch.state === S.returned) return batch;
  // The batch's client: its copy is read again, with its key.
  const connection = batch.connection;
  const own = new Set(batch.items.flatMap((item) => (item.dueDate ? [monthOf(item.dueDate)] : [])));
  const db = await getDb();
  const patents = [...new Set(batch.items.map((item) => item.patentId))];
  const later = patents.length
    ? await db
        .selectDistinct({ month: syncEvent.month, patentId: syncEvent.patentId })
        .from(syncEvent)
        .where(and(eq(syncEvent.connection, connection), inArray(syncEvent.patentId, patents)))
    : [];
  const otherMonths = new Set(later.map((row) => row.month).filter((month) => !own.has(month)));
  const windows = await db
    .select({ month: syncWindow.month, calls: syncWindow.calls })
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, connection), inArray(syncWindow.month, [...otherMonths])));
  const monthCalls = [...otherMonths].reduce(
    (sum, month) => sum + Math.max(1, windows.find((row) => row.month === month)?.calls ?? 1),
    0,
  );
  const touched = [...new Set(later.filter((row) => !own.has(row.month)).map((row) => row.patentId))];
  await refreshMonths(own, requestId, connection);
  if (touched.length > 0 && touched.length < monthCalls) await refreshPatents(touched, requestId, connection);
  else await refreshMonths(otherMonths, requestId, connection);
  return batch;
}

async function refreshPatents(
  patentIds: readonly string[],
  requestId: string,
  connection: string,
): Promise<void> {
  const db = await getDb();
  const client = upstreamClient(requestId, connection);
  for (const patentId of patentIds) {
    try {
      const { data } = await client.getPatentEvents(patentId, { requestId });
      await storePatentEvents(db, patentId, data, { replaceFuture: true, connection });
    } catch (error) {
      logger.warn({ err: error, requestId, patentId }, 'a patent could not be read again after a write');
    }
  }
}

/**
 * After a freeze: the month's renewals (their estimates now use the frozen rates, spec: Endpoint
 * 15), the list of frozen months and the month's preview are read again into the copy.
 */
export async function refreshAfterFreeze(
  month: string,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<void> {
  await refreshMonths([month], requestId, connection);
  await Promise.all([
    readFreezes(requestId, connection),
    readFreezeMonth(month, requestId, connection),
  ]).catch((error: unknown) =>
    logger.warn({ err: error, requestId, month }, 'the frozen months could not be read again after a freeze'),
  );
}
