import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import type { Invoice, PatentEvent } from '@/lib/annuity/schemas';
import { reminderTold } from '@/lib/db/schema';
import type { Role } from '@/lib/policy/roles';
import { canFreezeNow } from '@/lib/rate-freezes/months';
import { pageClientOf } from '@/lib/server/clients/client-filter';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import { loadToday } from '@/lib/server/today/load';
import type { Section, TodayData } from '@/lib/today/data';
import { setUpTwoClients } from './client-grants';

/**
 * Today for users of two clients (spec: Authentication 1, each key is one client's), on fixed days:
 * the months it says can be frozen now are those the rate-freezes page calls freezable (spec:
 * Endpoints 15, Limits 5: a month beyond what the service vouched for is not known yet), each
 * invoice line names its client (references repeat across clients), and the paralegal, who
 * decides, sees the unprocessable renewals the notification tells them of, as the manager does.
 * The rate-freezes pages Today links to follow the one choice of client, the sidebar's.
 */

/** The stand-in's day when its tenants are made, and the day Today is read (the 16th: no month turns). */
const EARLIER = '2026-10-20';
const TODAY = '2026-11-16';
const NOW = new Date(`${TODAY}T09:00:00.000Z`);
const SECOND = 'northwind-labs';
const SECOND_NAME = 'Northwind Labs';

const app = setUpTwoClients({
  first: { patents: 200, seed: 3, freezeEnabled: true, freezeHorizonMonths: 6 },
  second: { patents: 40, seed: 9, freezeEnabled: true, freezeHorizonMonths: 6 },
  secondClient: SECOND_NAME,
  today: EARLIER,
});

/** Each client's invoice ids, as the service lists them to that client's key. */
const invoiceOwner = new Map<string, string>();
/** Turned UNPROCESSABLE on EARLIER (history by now) and on TODAY (to be taken up). */
let stale: PatentEvent;
let fresh: PatentEvent;

/** A renewal due in one of the months, open to PROCEED on the stand-in's day, of another patent. */
async function allowedIn(
  service: AnnuityClient,
  dueMonths: readonly string[],
  notPatent?: string,
): Promise<PatentEvent> {
  for (const dueMonth of dueMonths) {
    const { items } = await listAll<PatentEvent>((currentPage, itemsPerPage) =>
      service.getPatentEventsByPeriod({ dueMonth, currentPage, itemsPerPage }),
    );
    const event = items.find(
      (item) =>
        item.patent.id !== notPatent &&
        item.instructability?.isAllowed === true &&
        (item.instructability.allowedDecisions ?? []).includes('PROCEED'),
    );
    if (event) return event;
  }
  throw new Error(`the stand-in has no renewal due in ${dueMonths.join(', ')} open to PROCEED`);
}

/** An open renewal instructed and then turned UNPROCESSABLE by the office, on the stand-in's day. */
async function turnUnprocessable(event: PatentEvent): Promise<void> {
  await app.services.first.postPatentInstructions({
    instructions: [{ eventId: event.id, decision: 'PROCEED' }],
  });
  await app.sandbox.operator.progressEvent(event.id, 'UNPROCESSABLE');
}

beforeAll(async () => {
  // Due within the months Today reads on TODAY (spec: Instruction rules, open two months ahead).
  stale = await allowedIn(app.services.first, ['2026-12', '2026-11', '2026-10']);
  await turnUnprocessable(stale);
  await app.sandbox.operator.setToday(TODAY);
  fresh = await allowedIn(app.services.first, ['2027-01', '2026-12', '2026-11', '2026-10'], stale.patent.id);
  await turnUnprocessable(fresh);

  const { db } = app.harness.database;
  await runSyncForEveryClient(db, { now: NOW, requestId: 'today-clients-sync' });
  for (const [connection, service] of [
    [DEFAULT_CONNECTION, app.services.first],
    [SECOND, app.services.second],
  ] as const) {
    const { items } = await listAll<Invoice>((currentPage, itemsPerPage) =>
      service.getInvoices({ currentPage, itemsPerPage }),
    );
    for (const invoice of items) invoiceOwner.set(invoice.id, connection);
  }
}, 240_000);

async function todayOf(role: Role): Promise<TodayData> {
  const user = app.harness.users[role];
  return loadToday({ userId: user.id, role }, `today-clients-${role}`, NOW);
}

function dataOf<T>(section: Section<T> | null | undefined, name: string): T {
  if (!section) throw new Error(`Today has no ${name} section`);
  if (!section.ok) throw new Error(`${name}: ${section.problem.title}: ${section.problem.detail}`);
  return section.data;
}

describe('Today for a user of two clients', () => {
  it('counts as freezable now exactly the months the rate-freezes page shows as "Can be frozen"', async () => {
    const manager = dataOf((await todayOf('manager')).manager, 'manager');
    const shown = manager.freezable.map((month) => `${month.client?.id}:${month.month}`).sort();
    const onThePage: string[] = [];
    for (const connection of [DEFAULT_CONNECTION, SECOND]) {
      const overview = await loadFreezeOverview('today-clients-overview', NOW, connection);
      for (const row of overview.months.filter(canFreezeNow)) onThePage.push(`${connection}:${row.month}`);
    }
    // Nothing frozen or refused yet: only this month is known to be accepted, for each client.
    expect(onThePage.sort()).toEqual([`${DEFAULT_CONNECTION}:2026-11`, `${SECOND}:2026-11`]);
    expect(shown).toEqual(onThePage);
  });

  it('names the client of every invoice finance is asked to look at', async () => {
    const finance = dataOf((await todayOf('finance')).finance, 'finance');
    expect(finance.invoices.length).toBeGreaterThan(0);
    for (const invoice of finance.invoices)
      expect(invoice.client?.id, invoice.reference).toBe(invoiceOwner.get(invoice.id));
    expect(finance.invoices.some((invoice) => invoice.client?.name === SECOND_NAME)).toBe(true);
  });

  it('shows the paralegal the unprocessable renewals the notification tells them of, as the manager sees them', async () => {
    const paralegal = dataOf((await todayOf('paralegal')).unprocessable, 'unprocessable');
    const listed = paralegal.items.map((item) => item.eventId);
    // Turned UNPROCESSABLE today: to be taken up. Four weeks ago: history, on the processing board.
    expect(listed).toContain(fresh.id);
    expect(listed).not.toContain(stale.id);
    const manager = dataOf((await todayOf('manager')).unprocessable, 'unprocessable');
    expect(manager.items.map((item) => item.eventId)).toEqual(listed);

    const { db } = app.harness.database;
    await pollUpstream(db, { now: NOW, requestId: 'today-clients-poll' });
    await evaluateNotifications(db, { now: NOW });
    const told = await db
      .select({ eventId: reminderTold.subjectKey })
      .from(reminderTold)
      .where(
        and(
          eq(reminderTold.audience, `user:${app.harness.users.paralegal.id}`),
          eq(reminderTold.rule, 'unprocessable'),
        ),
      );
    expect(told.map((row) => row.eventId).sort()).toEqual([...listed].sort());
  });
});

describe('the rate-freezes pages with two clients', () => {
  it('show the client chosen in the sidebar whatever a link names, and a linked one only while all are in view', async () => {
    const managerId = app.harness.users.manager.id;
    const all = await clientScopeOf(managerId);
    expect(pageClientOf(all, SECOND)).toBe(SECOND);
    expect(pageClientOf(all, null)).toBeNull();
    const chosen = await clientScopeOf(managerId, SECOND);
    expect(pageClientOf(chosen, DEFAULT_CONNECTION)).toBe(SECOND);
    expect(pageClientOf(chosen, null)).toBe(SECOND);
  });
});
