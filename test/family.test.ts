import { beforeAll, describe, expect, it } from 'vitest';
import { patentEventFixture, patentFixture } from '@/lib/annuity/fixtures';
import { type Patent, tolerant } from '@/lib/annuity/schemas';
import { getDb } from '@/lib/db';
import { forecastEvent } from '@/lib/db/schema';
import type { DraftDropsResult } from '@/lib/server/decisions/draft-drops';
import { loadFamily } from '@/lib/server/portfolio/family';
import { jsonRequest, signIn } from './app-harness';
import { seedCopyEvents, setUpOfflineCopy } from './offline-copy';

/**
 * A family seen together from our copy: each member's state, next renewal, last decision and cost
 * to keep; "drop these countries" puts the chosen renewals in the draft as DROPs where the service
 * offers DROP now, and nothing is sent.
 */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const member = (n: number, office: string, extra: Record<string, unknown> = {}): Patent =>
  tolerant.patent.parse(
    patentFixture({
      id: id(n),
      providerId: `FAM-${n}`,
      clientCaseReference: `F-${office}`,
      clientFamilyReference: 'FAM-X',
      office,
      status: 'GRANTED',
      lapseDate: null,
      expirationDate: '2036-01-01',
      extendedExpirationDate: null,
      ...extra,
    }),
  );
const patents = [
  member(1, 'DE'),
  member(2, 'FR'),
  member(3, 'GB', { status: 'LAPSED', lapseDate: '2025-03-01' }),
];

const open = {
  isAllowed: true,
  allowedDecisions: ['PROCEED', 'DROP'],
  blockedReason: null,
  opensAt: null,
  mode: 'DIRECT',
};
const events = [
  patentEventFixture({
    id: 'de-10',
    patent: { id: id(1), providerId: null },
    dueDate: '2027-01-31',
    instructability: open,
  }),
  patentEventFixture({
    id: 'fr-9',
    patent: { id: id(2), providerId: null },
    dueDate: '2026-05-31',
    appliedDecision: 'DROP',
  }),
];

describe('a family page', () => {
  const offline = setUpOfflineCopy(patents);

  beforeAll(async () => {
    await seedCopyEvents(events);
    const db = await getDb();
    await db.insert(forecastEvent).values({
      eventId: 'de-10',
      patentId: id(1),
      dueDate: '2027-01-31',
      month: '2027-01',
      annuityYear: 10,
      office: 'DE',
      owner: null,
      family: 'FAM-X',
      caseReference: 'F-DE',
      currency: 'EUR',
      total: '640.00',
      components: [],
      appliedDecision: null,
      isFxRateFrozen: false,
      feesStatus: 'ESTIMATED',
    });
  }, 60_000);

  it('shows each member by office: kept, dropped or lapsed, its next renewal, last decision and cost to keep', async () => {
    const family = await loadFamily('FAM-X', '2026-11-26');
    expect(family?.members.map((item) => [item.office, item.state])).toEqual([
      ['DE', 'kept'],
      ['FR', 'dropped'],
      ['GB', 'lapsed'],
    ]);
    const germany = family?.members[0];
    expect(germany?.next).toEqual({ eventId: 'de-10', dueDate: '2027-01-31', dropOffered: true });
    expect(germany?.costToExpiry).toEqual([
      { currency: 'EUR', total: '640.00', renewals: 1, lastDue: '2027-01-31' },
    ]);
    expect(family?.members[1]?.lastDecision).toEqual({ decision: 'DROP', dueDate: '2026-05-31' });
    expect(await loadFamily('NO-SUCH-FAMILY', '2026-11-26')).toBeNull();
  });

  it('drops the chosen countries into the draft, only where the service offers DROP now', async () => {
    const { POST } = await import('@/app/api/portfolio/family-drops/route');
    const drop = async (eventIds: unknown, cookie: string) =>
      POST(jsonRequest('/api/portfolio/family-drops', { method: 'POST', cookie, body: { eventIds } }));
    const paralegal = await signIn(offline.harness.users.paralegal.email);
    const answer = await drop(['de-10', 'fr-9'], paralegal);
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as DraftDropsResult;
    expect({ ...result, draft: undefined }).toEqual({
      drafted: 1,
      notOpen: 1,
      alreadyInDraft: 0,
      notRead: 0,
    });
    expect(result.draft.entries.map((entry) => [entry.eventId, entry.decision])).toEqual([['de-10', 'DROP']]);
    const empty = await drop([], paralegal);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('eventIds');
    // Finance reads the portfolio but decides nothing.
    expect((await drop(['de-10'], await signIn(offline.harness.users.finance.email))).status).toBe(403);
  });
});
