import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/annuity/schemas';
import { auditLog, mailMessage } from '@/lib/db/schema';
import { testDatabaseKinds } from '@/lib/db/testing';
import { resetEnvForTests } from '@/lib/env';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runDueJobsOnce } from '@/lib/server/jobs/worker';
import {
  claimMessage,
  DELIVERY_LEASE_MS,
  deliverMessage,
  listMessages,
  markUnknownDeliveries,
} from '@/lib/server/notifications/mail';
import { loadAdminSection } from '@/lib/server/today/admin';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { startTestSmtpServer, type TestSmtpServer } from './notifications-smtp';
import { TODAY } from './upstream-harness';

/** An administrator of every client, none chosen in the header: the whole outbox. */
const EVERY_CLIENT = { connections: [DEFAULT_CONNECTION], clients: [], chosen: null, allClients: true };

/** The administrator's Today as a user of the one client this file's console has. */
const ONE_CLIENT = { connections: [DEFAULT_CONNECTION], labelOf: () => undefined };

/**
 * Stuck messages: a process that stops in the middle of an SMTP send leaves its
 * message `sending`. After the lease it reads "delivery unknown", nothing sends it again by
 * itself (a reminder at most once per user, rule and subject), the administrator's Today counts
 * it, and an administrator may send it again, once, audited. Against a real SMTP server, the
 * stand-in service and the route handlers.
 */
describe.each(testDatabaseKinds)('stuck messages, on %s', (kind) => {
  let smtp: TestSmtpServer;
  let sandbox: StartedSandbox;
  let app: Awaited<ReturnType<typeof startAppHarness>>;
  let admin: string;
  let paralegal: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = 'Annuity Console <reminders@test.example>';
    sandbox = await startSandbox({ today: TODAY });
    await sandbox.operator.createTenant({ name: 'delivery', patents: 200, seed: 15 });
    const { key } = await sandbox.operator.createKey({ tenant: 'delivery', scopes: [...SCOPES] });
    app = await startAppHarness(kind);
    process.env.ANNUITY_API_URL = sandbox.baseUrl;
    process.env.ANNUITY_API_KEY = key;
    resetEnvForTests();
    admin = await signIn(app.users.admin.email);
    paralegal = await signIn(app.users.paralegal.email);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await sandbox?.stop();
    await smtp?.stop();
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'ANNUITY_API_URL', 'ANNUITY_API_KEY'])
      delete process.env[name];
    resetEnvForTests();
  });

  const message = (subject: string) => ({
    subject,
    summary: subject,
    href: '/',
    text: `${subject}\n`,
    html: `<p>${subject}</p>`,
  });

  const receivedWith = (subject: string) => smtp.received.filter((mail) => mail.raw.includes(subject));

  async function row(id: string) {
    const [found] = await app.database.db.select().from(mailMessage).where(eq(mailMessage.id, id));
    return found;
  }

  /** A message whose send began `agoMs` ago and never finished: its process stopped mid-send. */
  async function stuckMessage(subject: string, agoMs: number): Promise<string> {
    const { db } = app.database;
    const id = await claimMessage(db, {
      userId: app.users.paralegal.id,
      recipient: app.users.paralegal.email,
      rule: 'due-7d',
      subjectKey: subject,
      message: message(subject),
      connections: [DEFAULT_CONNECTION],
    });
    if (!id) throw new Error('not claimed');
    await db
      .update(mailMessage)
      .set({ status: 'sending', attempts: 1, sendingSince: new Date(Date.now() - agoMs) })
      .where(eq(mailMessage.id, id));
    return id;
  }

  async function sendAgain(id: string, cookie: string) {
    const { POST } = await import('@/app/api/admin/outbox/[messageId]/send-again/route');
    return POST(jsonRequest(`/api/admin/outbox/${id}/send-again`, { method: 'POST', cookie }), {
      params: Promise.resolve({ messageId: id }),
    });
  }

  let stuck: string;

  describe('a send that never finished', () => {
    it('becomes "delivery unknown" after its lease, and neither the worker nor a new claim sends it', async () => {
      const { db } = app.database;
      stuck = await stuckMessage('Stuck reminder A', DELIVERY_LEASE_MS + 60_000);
      const recent = await stuckMessage('Sending reminder B', 60_000);

      // The worker's notify job looks for expired leases on every run.
      const report = await runDueJobsOnce({
        handle: app.database,
        now: () => new Date(`${TODAY}T09:00:00Z`),
      });
      expect(report.ran.filter((job) => !job.ok)).toEqual([]);

      expect(await row(stuck)).toMatchObject({ status: 'unknown', attempts: 1 });
      expect((await row(stuck))?.lastError).toMatch(/^Delivery unknown/);
      // A send still within its lease is left to finish.
      expect(await row(recent)).toMatchObject({ status: 'sending' });

      // Not sent again: a send-mail job for it finds it unknown, and its key stays taken.
      expect(await deliverMessage(db, stuck)).toBe('delivery-unknown');
      expect(
        await claimMessage(db, {
          userId: app.users.paralegal.id,
          recipient: app.users.paralegal.email,
          rule: 'due-7d',
          subjectKey: 'Stuck reminder A',
          message: message('Stuck reminder A'),
          connections: [DEFAULT_CONNECTION],
        }),
      ).toBeNull();
      expect(receivedWith('Stuck reminder A')).toHaveLength(0);
      expect((await row(stuck))?.attempts).toBe(1);

      // Once the lease of the second is over too, it joins the first.
      expect(await markUnknownDeliveries(db, new Date(Date.now() + DELIVERY_LEASE_MS))).toEqual([recent]);
    });

    it('is listed apart in the outbox and counted on the administrator’s Today', async () => {
      const { rows, total } = await listMessages(app.database.db, EVERY_CLIENT, 1, 'unknown');
      expect(total).toBe(2);
      expect(rows.map((found) => found.subject).sort()).toEqual(['Sending reminder B', 'Stuck reminder A']);
      expect((await loadAdminSection(ONE_CLIENT)).deliveryUnknown).toBe(2);
    });
  });

  describe('send again', () => {
    it('is refused to a paralegal and for a malformed id', async () => {
      expect((await sendAgain(stuck, paralegal)).status).toBe(403);
      const malformed = await sendAgain('not-a-message', admin);
      expect(malformed.status).toBe(400);
      expect(JSON.stringify(await malformed.json())).toContain('messageId');
      expect(await row(stuck)).toMatchObject({ status: 'unknown' });
    });

    it('sends the message once when an administrator chooses to, audited; a second click is refused', async () => {
      const response = await sendAgain(stuck, admin);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true, previousStatus: 'unknown', status: 'sent' });
      expect(receivedWith('Stuck reminder A')).toHaveLength(1);
      expect(receivedWith('Stuck reminder A')[0]?.to).toEqual([app.users.paralegal.email]);
      expect(await row(stuck)).toMatchObject({ status: 'sent', attempts: 2 });

      const again = await sendAgain(stuck, admin);
      expect(again.status).toBe(409);
      expect(receivedWith('Stuck reminder A')).toHaveLength(1);

      const audited = await app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'outbox.send_again'), eq(auditLog.target, stuck)));
      expect(audited.map((entry) => [entry.outcome, entry.actorEmail])).toEqual(
        expect.arrayContaining([
          ['success', app.users.admin.email],
          ['failure', app.users.admin.email],
        ]),
      );
      expect((await loadAdminSection(ONE_CLIENT)).deliveryUnknown).toBe(1);
    });

    it('refuses a message that was delivered', async () => {
      const { db } = app.database;
      const id = await claimMessage(db, {
        userId: app.users.finance.id,
        recipient: app.users.finance.email,
        rule: 'test',
        subjectKey: 'delivered',
        message: message('Delivered C'),
        connections: [DEFAULT_CONNECTION],
      });
      expect(await deliverMessage(db, id as string)).toBe('sent');
      expect((await sendAgain(id as string, admin)).status).toBe(409);
      expect(receivedWith('Delivered C')).toHaveLength(1);
    });
  });

  describe('running the background checks now', () => {
    it('polls the service and runs the rules for an administrator, audited; refused to others', async () => {
      const { POST } = await import('@/app/api/admin/background/route');
      const refused = await POST(jsonRequest('/api/admin/background', { method: 'POST', cookie: paralegal }));
      expect(refused.status).toBe(403);

      const response = await POST(jsonRequest('/api/admin/background', { method: 'POST', cookie: admin }));
      expect(response.status).toBe(200);
      const report = (await response.json()) as { poll: { ran: boolean; calls: number } };
      expect(report.poll.ran).toBe(true);
      expect(report.poll.calls).toBeGreaterThan(0);
      const audited = await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'background.run_now'));
      expect(audited).toHaveLength(1);
      expect(audited[0]).toMatchObject({ outcome: 'success', actorEmail: app.users.admin.email });
    });
  });
});
