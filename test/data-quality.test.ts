import { beforeAll, describe, expect, it } from 'vitest';
import { patentFixture } from '@/lib/annuity/fixtures';
import { type Patent, tolerant } from '@/lib/annuity/schemas';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { QualityCheckId } from '@/lib/portfolio/data-quality';
import type { DataQualityData } from '@/lib/server/portfolio/data-quality';
import { jsonRequest, signIn } from './app-harness';
import { seedCopyEvents, seedCopyMonths, setUpOfflineCopy } from './offline-copy';

/**
 * The data-quality list reads our copy (the portfolio snapshot and the renewals the sync holds) and
 * finds every defect seeded into a tenant, on the patents that carry it; nothing reaches the service.
 */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const granted = (n: number, extra: Record<string, unknown> = {}): Patent =>
  tolerant.patent.parse(
    patentFixture({
      id: id(n),
      providerId: `PAM-${n}`,
      clientCaseReference: `Q-${n}`,
      clientFamilyReference: 'FAM-Q',
      office: 'DE',
      owner: 'Quality Holding AG',
      status: 'GRANTED',
      grantDate: '2016-05-01',
      expirationDate: '2035-05-01',
      extendedExpirationDate: null,
      lapseDate: null,
      renewalsManagedFrom: null,
      ...extra,
    }),
  );

const patents = [
  granted(1),
  granted(2, { expirationDate: null }),
  granted(3, { grantDate: null }),
  granted(4, { providerId: 'PAM-TWIN' }),
  granted(5, { providerId: 'PAM-TWIN' }),
  granted(6, { owner: 'QUALITY holding A.G.' }),
  granted(7, { clientFamilyReference: 'FAM-LONE' }),
  granted(8, { expirationDate: '2026-12-31' }),
  granted(9),
];

describe('data quality', () => {
  // Everything comes from our database: nothing may reach the service.
  const offline = setUpOfflineCopy(patents);

  beforeAll(async () => {
    expect(offline.snapshotPatents).toBe(patents.length);
    const current = currentYearMonth();
    await seedCopyMonths(Array.from({ length: 18 }, (_, index) => addMonths(current, index - 2)));
    // Every patent has a renewal in the months held but patent 9; patent 8's falls after its expiry.
    const dueDate = `${addMonths(current, 3)}-15`;
    await seedCopyEvents(
      patents.slice(0, 8).map((patent, index) => ({
        id: `evt-${index}`,
        eventType: 'RENEWAL',
        patent: { id: patent.id },
        dueDate,
      })),
    );
  }, 60_000);

  const read = async (cookie?: string) => {
    const { GET } = await import('@/app/api/portfolio/data-quality/route');
    return GET(jsonRequest('/api/portfolio/data-quality', { cookie }));
  };

  it('finds every seeded defect, on the patents that carry it', async () => {
    const response = await read(await signIn(offline.harness.users.paralegal.email));
    expect(response.status).toBe(200);
    const body = (await response.json()) as DataQualityData;
    expect(body.patents).toBe(patents.length);
    const on = (check: QualityCheckId) =>
      body.checks
        .find((candidate) => candidate.id === check)
        ?.findings.map((finding) => finding.patent)
        .sort();
    expect(on('granted-without-renewals')).toEqual(['Q-9']);
    expect(on('renewal-after-expiry')).toEqual(['Q-8']);
    expect(on('missing-expiry')).toEqual(['Q-2']);
    expect(on('missing-grant-date')).toEqual(['Q-3']);
    expect(on('shared-provider-id')).toEqual(['Q-4', 'Q-5']);
    expect(on('owner-spellings')).toEqual(['Q-6']);
    expect(on('family-of-one')).toEqual(['Q-7']);
  });

  it('is for those who read the portfolio: a signed-out call is refused', async () => {
    expect((await read()).status).toBe(401);
  });
});
