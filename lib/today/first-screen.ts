import type { TodayBucketId, TodayItem } from './buckets';
import type { ItemLinks } from './view-links';

/** Items a bucket card shows before "show all": the first screen stays short. */
export const FIRST_ROWS = 10;

/** A bucket's items beyond the first screen, with their links (GET /api/today/items). */
export type TodayRest = Partial<
  Record<TodayBucketId, { items: TodayItem[]; links: Record<string, ItemLinks> }>
>;
