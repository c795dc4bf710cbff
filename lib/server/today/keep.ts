import 'server-only';
import type { BucketView } from '../../today/data';
import { holdSentencesOf } from '../reviews/holds';
import { keepLineOf, keepScoresOf } from '../signals/keep-scores';

/**
 * Today's listed renewals with their keep score and signals line, and whether each is under review, computed for all of them at
 * once from our database (no upstream call, a fixed number of queries). The items are copied, not
 * changed: the buckets are kept between views while the copy is unchanged (lib/today/buckets.ts).
 */
export async function withKeepLines(
  buckets: readonly BucketView[],
  now: Date,
  /** The clients listed: each renewal is scored, and its hold found, within its own client. */
  connections: readonly string[],
): Promise<BucketView[]> {
  const [scores, holds] = await Promise.all([
    keepScoresOf(
      buckets.flatMap((bucket) => bucket.items.map((item) => item.row)),
      { now, sentences: true, connections },
    ),
    holdSentencesOf(now, connections),
  ]);
  return buckets.map((bucket) => ({
    ...bucket,
    items: bucket.items.map((item) => {
      const found = scores.get(item.row.eventId);
      const underReview = holds.get(item.row.eventId);
      return found || underReview
        ? {
            ...item,
            ...(found ? { keep: keepLineOf(found) } : {}),
            ...(underReview ? { underReview } : {}),
          }
        : item;
    }),
  }));
}
