import type { TodayBucketId } from './buckets';

/**
 * The element id of a bucket's card on Today, for links to it. Apart from ./links.ts, whose address
 * builders load the month view's URL parsers, so that the bucket cards do not ship them.
 */
export function bucketAnchor(bucket: TodayBucketId): string {
  return `bucket-${bucket}`;
}
