import { beforeAll, describe, expect, it } from 'vitest';
import { strict } from '../../lib/annuity/schemas';
import type { TenantState } from '../domain/tenant-state';
import { expectStrict, serviceForSuite, TEST_TODAY } from './harness';

/** A 50,000-patent tenant is created and served without trouble (the bench measures it in detail). */
describe('a 50,000-patent tenant', () => {
  const h = serviceForSuite({ demo: false });
  let key: string;
  let tenant: TenantState;
  beforeAll(async () => {
    ({ key, tenant } = await h.tenantWithKey({ name: 'large', patents: 50_000, seed: 11 }));
  }, 120_000);

  // How fast it is created is measured by `npm run bench:sandbox` (tenant.createMs) and the page timings too, not here: a
  // timed assertion fails on a busy machine (36 s against 20 s with two vitest projects running).
  it('is created whole: every patent and its renewals', () => {
    expect(tenant.patents).toHaveLength(50_000);
    expect(tenant.eventsById.size).toBeGreaterThan(150_000);
  });

  it('pages patents to the last page', async () => {
    const last = await h.call('/patents?itemsPerPage=100&currentPage=500', { key });
    const body = expectStrict(strict.page(strict.patent), await last.json());
    expect(body.pagination).toEqual({
      totalItems: 50_000,
      currentPage: 500,
      itemsPerPage: 100,
      totalPages: 500,
      hasMore: false,
    });
    expect(body.data[99]?.id).toBe(tenant.patents[49_999]?.id);
    const sorted = await h.call('/patents?itemsPerPage=100&currentPage=250&sort=-applicationDate', { key });
    expect(sorted.status).toBe(200);
  });

  it('serves 40 pages of 100 events with fees, and takes a 100-instruction batch', async () => {
    let instructable: { id: string; patent: { id: string } }[] = [];
    for (let page = 1; page <= 40; page++) {
      const response = await h.call(
        `/patent-events?dueMonth=2026-04&include=fees&itemsPerPage=100&currentPage=${page}`,
        { key },
      );
      const body = (await response.json()) as {
        data: { id: string; patent: { id: string }; instructability: { allowedDecisions: string[] } }[];
      };
      if (page === 1) expectStrict(strict.page(strict.patentEvent), body);
      instructable.push(
        ...body.data.filter((event) => event.instructability.allowedDecisions.includes('PROCEED')),
      );
    }
    const perPatent = new Map(instructable.map((event) => [event.patent.id, event]));
    instructable = [...perPatent.values()].slice(0, 100);
    expect(instructable).toHaveLength(100);
    const response = await h.postInstructions(
      instructable.map((event) => ({ eventId: event.id, decision: 'PROCEED' })),
      key,
    );
    expect(response.status).toBe(201);
    const receipt = expectStrict(strict.instructionReceipt, await response.json());
    expect(receipt.instructions).toHaveLength(100);
    expect(receipt.issueDate).toBe(TEST_TODAY);
  });
});
