import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite } from './harness';

/**
 * The moveItems fault: lists whose items move between the page reads of a walk, as a real
 * service's do while its data changes (spec: Pagination envelope). Every item shown is one of the
 * tenant's own, and later reads agree on which items exist.
 */
interface Listed {
  pagination: { totalItems: number; totalPages: number; hasMore: boolean };
  data: { id: string }[];
}

const h = serviceForSuite({ demo: false });
let key: string;
const MONTH = '2026-05';

beforeAll(async () => {
  ({ key } = await h.tenantWithKey({ name: 'moving', patents: 600, seed: 5 }));
});

async function page(path: string, currentPage: number, size = 10): Promise<Listed> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await h.call(`${path}${separator}currentPage=${currentPage}&itemsPerPage=${size}`, {
    key,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Listed;
}

const periodPath = `/patent-events?dueMonth=${MONTH}`;

async function truth(path: string): Promise<string[]> {
  await h.operator.clearFaults();
  const first = await page(path, 1, 100);
  const ids = first.data.map((item) => item.id);
  for (let at = 2; at <= first.pagination.totalPages; at++)
    ids.push(...(await page(path, at, 100)).data.map((item) => item.id));
  return ids;
}

describe('the moveItems fault', () => {
  it('repeat: an item comes back before the cursor, so the next page starts one earlier', async () => {
    const all = await truth(periodPath);
    expect(all.length).toBeGreaterThan(30);
    await h.operator.setFaults({ moveItems: { mode: 'repeat', everyPages: 1, times: 2 } });
    const first = await page(periodPath, 1);
    // Two items of the list are still to come: the list starts without them.
    expect(first.pagination.totalItems).toBe(all.length - 2);
    expect(first.data.map((item) => item.id)).toEqual(all.slice(2, 12));
    const second = await page(periodPath, 2);
    expect(second.pagination.totalItems).toBe(all.length - 1);
    expect(second.data[0]?.id).toBe(first.data.at(-1)?.id);
    const third = await page(periodPath, 3);
    expect(third.pagination.totalItems).toBe(all.length);
    expect(third.data[0]?.id).toBe(second.data.at(-1)?.id);
    // Moves spent: the list is the service's own again, on every page of a new walk.
    const again = await page(periodPath, 1);
    expect(again.pagination.totalItems).toBe(all.length);
    expect(again.data.map((item) => item.id)).toEqual(all.slice(0, 10));
  });

  it('add: an item comes after the cursor, past the page count the first page announced', async () => {
    const all = await truth(periodPath);
    await h.operator.setFaults({ moveItems: { mode: 'add', everyPages: 1, times: 1 } });
    const size = 10;
    const first = await page(periodPath, 1, size);
    expect(first.pagination.totalItems).toBe(all.length - 1);
    const announced = first.pagination.totalPages;
    const seen = first.data.map((item) => item.id);
    for (let at = 2; at <= announced + 1; at++) {
      const next = await page(periodPath, at, size);
      seen.push(...next.data.map((item) => item.id));
      if (!next.pagination.hasMore) break;
    }
    // Nothing repeated, nothing missed: the added item was reached.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all);
  });

  it('remove: the last item read goes, the next page starts one later, and stays gone for other reads', async () => {
    const all = await truth(periodPath);
    await h.operator.setFaults({ moveItems: { mode: 'remove', everyPages: 1, times: 1 } });
    const first = await page(periodPath, 1);
    expect(first.pagination.totalItems).toBe(all.length);
    const gone = first.data.at(-1)?.id as string;
    const second = await page(periodPath, 2);
    expect(second.pagination.totalItems).toBe(all.length - 1);
    // The item that slid onto page 1 is missed by this walk.
    expect(second.data.map((item) => item.id)).toEqual(all.slice(11, 21));
    // Another list holding it (a date range) does not show it either.
    const range = await page(`/patent-events?dueFrom=${MONTH}-01&dueTo=${MONTH}-31`, 1, 100);
    expect(range.data.map((item) => item.id)).not.toContain(gone);
    // Cleared, the service lists it again.
    expect(await truth(periodPath)).toEqual(all);
  });

  it('moves the patent and invoice lists too, only every N pages and within its paths', async () => {
    await h.operator.setFaults({
      moveItems: { mode: 'repeat', everyPages: 2, times: 1 },
      paths: ['patents'],
    });
    const first = await page('/patents', 1);
    const second = await page('/patents', 2);
    // Moves after the second read: page 3 repeats the last of page 2.
    const third = await page('/patents', 3);
    expect(second.pagination.totalItems).toBe(first.pagination.totalItems);
    expect(third.pagination.totalItems).toBe(first.pagination.totalItems + 1);
    expect(third.data[0]?.id).toBe(second.data.at(-1)?.id);
    // The invoice list is outside `paths`: it does not move.
    const invoices = await page('/invoices', 1);
    expect((await page('/invoices', 2)).pagination.totalItems).toBe(invoices.pagination.totalItems);
    await h.operator.setFaults({
      moveItems: { mode: 'remove', everyPages: 1, times: 1 },
      paths: ['invoices'],
    });
    const one = await page('/invoices', 1);
    const two = await page('/invoices', 2);
    expect(two.pagination.totalItems).toBe(one.pagination.totalItems - 1);
    expect(two.data.map((item) => item.id)).not.toContain(one.data.at(-1)?.id);
    await h.operator.clearFaults();
  });

  it('is described by the settings and refused when out of range', async () => {
    const set = await h.operator.setFaults({ moveItems: { mode: 'add' } });
    expect(set.moveItems).toEqual({ mode: 'add', everyPages: 1, times: 1 });
    expect((await h.operator.clearFaults()).moveItems).toBeNull();
    await expect(h.operator.setFaults({ moveItems: { mode: 'shuffle' } } as never)).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      h.operator.setFaults({ moveItems: { mode: 'add', everyPages: 0 } } as never),
    ).rejects.toMatchObject({ status: 400 });
  });
});
