import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchParamsToObject } from '@/lib/http/query';
import { renewalsQuerySchema } from '@/lib/renewals/query';
import { localFiltersOf } from '@/lib/renewals/url-state';
import { loadRenewalsParams } from '@/lib/renewals/url-state-address';
import { applyLocalFilters } from '@/lib/renewals/view-model';
import { loadRenewalWindow } from '@/lib/server/renewals/window';
import { loadToday } from '@/lib/server/today/load';
import { startUpstreamHarness, TODAY, type UpstreamHarness } from './upstream-harness';

/**
 * Every count on Today equals what its link lists: each bucket's link opens the month view on
 * exactly the renewals the bucket counts (against the stand-in service, clock mid-month), the grace
 * buckets through the grace period's end (grace periods differ by office).
 */
let up: UpstreamHarness;
const GRACE_BUCKETS = new Set(['lapsing-soon', 'in-grace', 'lapsed']);

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'today-links', patents: 700, seed: 2728 });
}, 180_000);
afterAll(async () => up?.stop());

describe("Today's bucket links", () => {
  it('list exactly as many renewals as each bucket counts', async () => {
    const data = await loadToday(
      { userId: up.app.users.paralegal.id, role: 'paralegal' },
      'today-links',
      new Date(`${TODAY}T12:00:00Z`),
    );
    if (!data.renewals?.ok) throw new Error(`no renewals section: ${JSON.stringify(data.renewals)}`);
    const buckets = data.renewals.data.buckets.filter((bucket) => bucket.count > 0);
    expect(buckets.filter((bucket) => !GRACE_BUCKETS.has(bucket.id)).length).toBeGreaterThanOrEqual(3);
    for (const bucket of buckets) {
      const url = new URL(bucket.href, 'http://localhost');
      expect(url.pathname).toBe('/renewals');
      const query = renewalsQuerySchema.parse(searchParamsToObject(url.searchParams));
      const shown = await loadRenewalWindow(query.window, query, `today-links-${bucket.id}`);
      // The month view's own filters over the rows it reads (badge, decision, processing, grace end).
      const listed = applyLocalFilters(shown.rows, localFiltersOf(loadRenewalsParams(url.searchParams)));
      const ids = new Set(listed.map((row) => row.eventId));
      expect(
        bucket.items.filter((item) => !ids.has(item.row.eventId)).map((item) => item.row.eventId),
        `${bucket.id}: every renewal of the bucket is listed`,
      ).toEqual([]);
      expect(listed.length, bucket.id).toBe(bucket.count);
      if (GRACE_BUCKETS.has(bucket.id)) expect(url.searchParams.get('graceTo'), bucket.id).not.toBeNull();
    }
  });
});
