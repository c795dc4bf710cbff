import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { patentFixture } from '@/lib/annuity/fixtures';
import { type Patent, tolerant } from '@/lib/annuity/schemas';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { jsonRequest, signIn } from './app-harness';
import { setUpOfflineCopy } from './offline-copy';

/**
 * The portfolio's default order, with no sort in the address: by case reference (patents without
 * one last), equal keys by id, on every page and in the export alike. Read from the snapshot only.
 */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Ids in another order than their references, so the old order (by id) would show.
const REFERENCES: [number, string | null][] = [
  [1, 'C-3'],
  [2, null],
  [3, 'A-1'],
  [4, 'B-2'],
  [5, 'A-1'],
];
const patents: Patent[] = REFERENCES.map(([n, reference]) =>
  tolerant.patent.parse(
    patentFixture({ id: uuid(n), providerId: `ORD-${n}`, clientCaseReference: reference }),
  ),
);

describe('the portfolio with no sort asked', () => {
  const offline = setUpOfflineCopy(patents);

  it('lists by case reference, the patent without one last and equal references by id, on every page', async () => {
    const cookie = await signIn(offline.harness.users.paralegal.email);
    const { GET } = await import('@/app/api/portfolio/route');
    const page = async (n: number) =>
      (
        (await (
          await GET(jsonRequest(`/api/portfolio?size=2&page=${n}`, { cookie }))
        ).json()) as PortfolioPage
      ).data;
    const order = [...(await page(1)), ...(await page(2)), ...(await page(3))].map(
      (patent) => patent.providerId,
    );
    expect(order).toEqual(['ORD-3', 'ORD-5', 'ORD-4', 'ORD-1', 'ORD-2']);

    const exported = await import('@/app/api/portfolio/export/route');
    const csv = await (
      await exported.GET(jsonRequest('/api/portfolio/export?format=csv', { cookie }))
    ).text();
    const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
    const providerColumn = rows[0]?.indexOf('Provider ID') ?? -1;
    expect(providerColumn).toBeGreaterThan(-1);
    expect(rows.slice(1, 6).map((row) => row[providerColumn])).toEqual(order);
  });
});
