import 'server-only';
import { getDb } from '../../db';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { monthOf } from '../../format/dates';
import { logger } from '../../log';
import { upstreamClient } from '../connection/upstream';
import { DEFAULT_CONNECTION } from './connection';
import { readFreezeMonth, readFreezes } from './documents';
import { syncMonth } from './walk';

/**
 * A user's own writes show at once: once a batch has reached the service, the months holding its
 * renewals are read again into the copy, so the month view, Today and tracking show the applied
 * decisions and the new processing state on the next view instead of at the next sync. The same
 * after a freeze (its month's estimates now use the frozen rates, spec: Endpoint 15). A failed
 * re-read is logged and left to the sync: the write itself stands.
 */
export async function refreshMonths(months: Iterable<string>, requestId: string): Promise<number> {
  const db = await getDb();
  const client = upstreamClient(requestId);
  let calls = 0;
  for (const month of new Set(months)) {
    try {
      calls += (await syncMonth(client, db, DEFAULT_CONNECTION, month, requestId)).calls;
    } catch (error) {
      logger.warn({ err: error, requestId, month }, 'the copy could not be refreshed after a write');
    }
  }
  return calls;
}

export async function refreshAfterBatch(batch: BatchView, requestId: string): Promise<BatchView> {
  // Nothing was posted yet: waiting for approval, or sent back.
  if (batch.state === S.awaitingApproval || batch.state === S.returned) return batch;
  const months = batch.items.flatMap((item) => (item.dueDate ? [monthOf(item.dueDate)] : []));
  await refreshMonths(months, requestId);
  return batch;
}

/**
 * After a freeze: the month's renewals (their estimates now use the frozen rates, spec: Endpoint
 * 15), the list of frozen months and the month's preview are read again into the copy.
 */
export async function refreshAfterFreeze(month: string, requestId: string): Promise<void> {
  await refreshMonths([month], requestId);
  await Promise.all([readFreezes(requestId), readFreezeMonth(month, requestId)]).catch((error: unknown) =>
    logger.warn({ err: error, requestId, month }, 'the frozen months could not be read again after a freeze'),
  );
}
