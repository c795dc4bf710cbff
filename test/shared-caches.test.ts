import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInvoiceCatalog } from '@/lib/server/invoices/catalog';
import { ensureSnapshot } from '@/lib/server/portfolio/join';
import { openSnapshotIndex } from '@/lib/server/portfolio/snapshot';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * What a second dashboard instance would fetch again lives in the database or is checked against
 * it (architecture: several instances behind a load balancer share one database), so N instances
 * spend the quota of one (spec: Limits 2, one daily quota per key). Two instances are one database
 * and two process memories: a "second instance" here is this process with its in-memory copies
 * dropped, which is all an instance holds of its own.
 */
const memory = globalThis as typeof globalThis & { __invoiceCatalog?: unknown; __snapshotIndex?: unknown };

/** What a freshly started instance has in memory: nothing. */
function becomeAnotherInstance(): void {
  memory.__invoiceCatalog = undefined;
  memory.__snapshotIndex = undefined;
}

describe('caches shared between dashboard instances', () => {
  let up: UpstreamHarness;
  beforeAll(async () => {
    up = await startUpstreamHarness({ name: 'two-instances', patents: 250, seed: 515 });
  });
  afterAll(() => up.stop());

  it('walks the invoice list once for two instances reading at the same time, and not again after', async () => {
    await up.resetUsage();
    becomeAnotherInstance();
    const first = readInvoiceCatalog(up.client, 'instance-a');
    // Instance B starts while A holds the lease on the shared row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    becomeAnotherInstance();
    const second = readInvoiceCatalog(up.client, 'instance-b');
    const [a, b] = await Promise.all([first, second]);
    const pages = Math.ceil(a.invoices.length / 100);
    expect(a.invoices.length).toBeGreaterThan(0);
    expect(a.calls + b.calls).toBe(pages);
    expect(b.invoices.map((invoice) => invoice.id)).toEqual(a.invoices.map((invoice) => invoice.id));
    expect(await up.calls('getInvoices')).toBe(pages);

    // A third instance, later but within the freshness window: no upstream call at all.
    becomeAnotherInstance();
    const third = await readInvoiceCatalog(up.client, 'instance-c');
    expect(third.calls).toBe(0);
    expect(third.invoices.length).toBe(a.invoices.length);
    expect(await up.calls('getInvoices')).toBe(pages);
  });

  it('builds the portfolio snapshot once for two instances, and the second joins from the database', async () => {
    await up.resetUsage();
    becomeAnotherInstance();
    const [a, b] = await Promise.all([
      ensureSnapshot(up.client, 'instance-a'),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return ensureSnapshot(up.client, 'instance-b');
      })(),
    ]);
    const pages = Math.ceil(250 / 100);
    expect(a.calls + b.calls).toBe(pages);
    expect(await up.calls('getPatents')).toBe(pages);

    becomeAnotherInstance();
    expect((await ensureSnapshot(up.client, 'instance-c')).calls).toBe(0);
    const index = await openSnapshotIndex();
    expect(index?.patents.size).toBe(250);
    expect(await up.calls('getPatents')).toBe(pages);
  });
});
