import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mailMessage, notification, reminderTold, renewalWatch } from '@/lib/db/schema';
import { defaultPreferences } from '@/lib/notifications/preferences';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import { SECOND_CLIENT, setUpTwoClientReminders, TWO_CLIENT_DAY } from './notifications-fixtures';

/**
 * A notify run while the poll is between two clients (every instance starts one beside its first
 * poll; a cron slot may fall there too): it must not tell a person of several clients what the
 * poll found of the first client alone, leaving the second's for the next run and a second
 * message of each class. The second client's read is held until the run is done.
 */
const held = vi.hoisted(() => ({
  connection: null as string | null,
  reached: null as (() => void) | null,
  release: null as Promise<void> | null,
}));

vi.mock('@/lib/server/today/renewals', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/today/renewals')>();
  return {
    ...actual,
    readTodayRenewals: async (...args: Parameters<typeof actual.readTodayRenewals>) => {
      if (held.connection !== null && args[2].connections.includes(held.connection)) {
        held.reached?.();
        await held.release;
      }
      return actual.readTodayRenewals(...args);
    },
  };
});

const SECOND = SECOND_CLIENT;
const NOW = new Date(`${TWO_CLIENT_DAY}T09:00:00.000Z`);
const app = setUpTwoClientReminders();

beforeAll(async () => {
  const { db } = app.harness.database;
  // The paralegal works for both clients; everyone else keeps quiet.
  await savePreferences(db, app.harness.users.paralegal.id, { ...defaultPreferences(), timeZone: 'UTC' });
  for (const role of ['finance', 'manager', 'admin'] as const)
    await savePreferences(db, app.harness.users[role].id, {
      ...defaultPreferences(),
      channels: { inApp: false, email: false },
    });
  await runSyncForEveryClient(db, { now: NOW, requestId: 'mid-poll-sync' });
}, 240_000);

describe('a notify run during the poll', () => {
  it('tells the person of both clients in one message per class, whenever it runs', async () => {
    const { db } = app.harness.database;
    let release = () => {};
    held.release = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached = new Promise<void>((resolve) => {
      held.reached = resolve;
    });
    held.connection = SECOND;
    const poll = pollUpstream(db, { now: NOW, requestId: 'mid-poll' });
    await reached;
    await evaluateNotifications(db, { now: NOW });
    release();
    held.connection = null;
    await poll;
    await evaluateNotifications(db, { now: new Date(NOW.getTime() + 60_000) });

    const paralegalId = app.harness.users.paralegal.id;
    const mail = await db.select().from(mailMessage).where(eq(mailMessage.userId, paralegalId));
    const notes = await db.select().from(notification).where(eq(notification.userId, paralegalId));
    expect(mail.map((row) => row.rule).sort()).toEqual([...new Set(mail.map((row) => row.rule))].sort());
    expect(mail.length).toBeLessThanOrEqual(3);
    expect(notes.length).toBeLessThanOrEqual(3);
    // The one "About to lapse" told renewals of both clients.
    const lapse = mail.filter((row) => row.rule === 'lapse');
    expect(lapse).toHaveLength(1);
    const told = await db
      .select({ eventId: reminderTold.subjectKey })
      .from(reminderTold)
      .where(eq(reminderTold.messageKey, `lapse:${lapse[0]?.subjectKey}`));
    const clientOf = new Map(
      (await db.select().from(renewalWatch)).map((row) => [
        row.eventId,
        (row.row as { connection?: string }).connection ?? DEFAULT_CONNECTION,
      ]),
    );
    expect(new Set(told.map((row) => clientOf.get(row.eventId)))).toEqual(
      new Set([DEFAULT_CONNECTION, SECOND]),
    );
  }, 120_000);
});
