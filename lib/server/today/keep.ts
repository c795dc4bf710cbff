import 'server-only';
import type { BucketView } from '../../today/data';
import { keepLineOf, keepScoresOf } from '../signals/keep-scores';

/**
 * Today's listed renewals with their keep score and signals line, computed for all of them at
 * once from our database (no upstream call, a fixed number of queries). The items are copied, not
 * changed: the buckets are kept between views while the copy is unchanged (lib/today/buckets.ts).
 */
export async function withKeepLines(buckets: readonly BucketView[], now: Date): Promise<BucketView[]> {
  const scores = await keepScoresOf(
    buckets.flatMap((bucket) => bucket.items.map((item) => item.row)),
    { now, sentences: true },
  );
  return buckets.map((bucket) => ({
    ...bucket,
    items: bucket.items.map((item) => {
      const found = scores.get(item.row.eventId);
      return found ? { ...item, keep: keepLineOf(found) } : item;
    }),
  }));
}
