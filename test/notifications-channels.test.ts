import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannel, chatPost } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { addDays } from '@/lib/format/dates';
import { defaultPreferences } from '@/lib/notifications/preferences';
import type { RenewalRow } from '@/lib/renewals/rows';
import { JOBS } from '@/lib/server/jobs/definitions';
import { deliverPost } from '@/lib/server/notifications/channels';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { arrangeWatched, watchedRow } from './notifications-fixtures';

/**
 * The team's chat: an administrator adds incoming-webhook channels (Slack- and Teams-compatible),
 * https only (loopback http for tests), the URL stored encrypted; each run posts one grouped
 * message per class the channel takes, recorded at most once and retried when the webhook fails.
 * Against a local HTTP receiver.
 */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let receiver: Server;
let hookUrl: string;
const received: { path: string; body: Record<string, unknown> }[] = [];
let failNext = 0;

const TODAY = '2030-05-15';
const NOW = new Date(`${TODAY}T09:00:00Z`);

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  app = await startAppHarness();
  // Nobody by email or in-app: what is asserted here is the channels' part.
  for (const role of ['paralegal', 'manager', 'finance', 'admin'] as const)
    await savePreferences(app.database.db, app.users[role].id, {
      ...defaultPreferences(),
      channels: { inApp: false, email: false },
    });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(500).end('busy');
        return;
      }
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function addChannel(cookie: string, body: unknown) {
  const { POST } = await import('@/app/api/admin/channels/route');
  return POST(jsonRequest('/api/admin/channels', { method: 'POST', cookie, body }));
}

function lapsing(id: string, days: number): RenewalRow {
  return watchedRow({ eventId: id, dueDate: '2030-03-31', gracePeriodEndDate: addDays(TODAY, days) });
}

describe('chat channels', () => {
  it('are added by an administrator only, https or loopback only, with the URL stored encrypted', async () => {
    const admin = await signIn(app.users.admin.email);
    const paralegal = await signIn(app.users.paralegal.email);
    const body = {
      name: 'Renewals team',
      format: 'slack',
      url: `${hookUrl}/slack/T000/SECRET`,
      classes: ['lapse', 'due'],
    };
    expect((await addChannel(paralegal, body)).status).toBe(403);

    const plain = await addChannel(admin, { ...body, url: 'http://hooks.example.com/services/x' });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'body.url',
    ]);
    const badClass = await addChannel(admin, { ...body, classes: ['everything'] });
    expect(badClass.status).toBe(400);

    const added = await addChannel(admin, body);
    expect(added.status).toBe(200);
    const { channel } = (await added.json()) as { channel: { id: string; host: string } };
    expect(channel.host).toBe(new URL(hookUrl).host);
    expect(JSON.stringify(channel)).not.toContain('SECRET');
    const [row] = await app.database.db.select().from(chatChannel).where(eq(chatChannel.id, channel.id));
    expect(row?.urlCiphertext).not.toContain('SECRET');
    expect(row?.urlCiphertext).toMatch(/^v1\./);

    const teams = await addChannel(admin, {
      name: 'Tracking',
      format: 'teams',
      url: `${hookUrl}/teams/webhook`,
      classes: ['attention'],
    });
    expect(teams.status).toBe(200);
    const { GET } = await import('@/app/api/admin/channels/route');
    const listed = await (await GET(jsonRequest('/api/admin/channels', { cookie: admin }))).json();
    expect(JSON.stringify(listed)).not.toContain('SECRET');
    expect((listed as { channels: unknown[] }).channels).toHaveLength(2);
  });

  it('receive one grouped post per class per run, once, retried when the webhook fails', async () => {
    const { db } = app.database;
    await arrangeWatched(
      db,
      [
        lapsing('g1', 10),
        lapsing('g2', 2),
        lapsing('g3', 12),
        watchedRow({ eventId: 'd1', dueDate: addDays(TODAY, 5) }),
        watchedRow({ eventId: 'd2', dueDate: addDays(TODAY, 6) }),
        watchedRow({
          eventId: 'u1',
          dueDate: '2030-04-30',
          appliedDecision: 'PROCEED',
          processingStatus: 'UNPROCESSABLE',
          processingStatusUpdatedAt: '2030-05-14T10:00:00.000Z',
        }),
      ],
      NOW,
    );
    const first = await evaluateNotifications(db, { now: NOW });
    expect(first.posts).toHaveLength(3);
    for (const id of first.posts) expect(await deliverPost(db, id)).toBe('sent');
    expect(received.map((post) => post.path).sort()).toEqual(
      ['/slack/T000/SECRET', '/slack/T000/SECRET', '/teams/webhook'].sort(),
    );
    const slack = received
      .filter((post) => post.path.startsWith('/slack'))
      .map((post) => String(post.body.text));
    const lapse = slack.find((text) => text.startsWith('*About to lapse: 3 renewals*'));
    expect(lapse).toBeDefined();
    // Most urgent first, with the link to the bucket on Today.
    expect(lapse?.indexOf('CASE-g2')).toBeLessThan(lapse?.indexOf('CASE-g1') ?? 0);
    expect(lapse).toContain('http://localhost:3000/?bucket=lapsing-soon');
    expect(lapse).toContain('Estimated fees: €360.00.');
    expect(slack.some((text) => text.startsWith('*Due soon: 2 renewals*'))).toBe(true);
    const teams = received.find((post) => post.path === '/teams/webhook')?.body;
    expect(teams).toMatchObject({ '@type': 'MessageCard', title: 'Needs attention: 1 renewal' });
    expect(String(teams?.text)).toContain('CASE-u1');

    // A second run posts nothing: the channel was told.
    expect((await evaluateNotifications(db, { now: new Date(NOW.getTime() + 5 * 60_000) })).posts).toEqual(
      [],
    );

    // A new lapse while the webhook fails: recorded as failed, delivered by the retry, once.
    await arrangeWatched(db, [lapsing('g1', 10), lapsing('g4', 4)], NOW);
    const next = await evaluateNotifications(db, { now: new Date(NOW.getTime() + 10 * 60_000) });
    expect(next.posts).toHaveLength(1);
    const before = received.length;
    failNext = 1;
    await expect(deliverPost(db, next.posts[0] as string)).rejects.toThrow(/500/);
    const [failed] = await db
      .select()
      .from(chatPost)
      .where(eq(chatPost.id, next.posts[0] as string));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await deliverPost(db, next.posts[0] as string)).toBe('sent');
    expect(await deliverPost(db, next.posts[0] as string)).toBe('already-sent');
    expect(received.length).toBe(before + 1);
    expect(String(received.at(-1)?.body.text)).toContain('CASE-g4');
    expect(String(received.at(-1)?.body.text)).not.toContain('CASE-g1');
  });

  it('hand a post whose send job was lost to send-chat again, from the notify job', async () => {
    const { db } = app.database;
    const [channel] = await db.select().from(chatChannel).where(eq(chatChannel.format, 'slack'));
    const [lost] = await db
      .insert(chatPost)
      .values({
        channelId: channel?.id as string,
        rule: 'lapse',
        subjectKey: 'lost',
        payload: { text: 'lost' },
        status: 'queued',
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    const notify = JOBS.find((job) => job.name === 'notify');
    const enqueued: { name: string; data: Record<string, unknown> }[] = [];
    await notify?.run(
      {
        db,
        now: () => new Date(NOW.getTime() + 60 * 60_000),
        requestId: 'test',
        enqueue: async (name, data) => {
          enqueued.push({ name, data });
        },
      },
      {},
    );
    expect(enqueued).toContainEqual({ name: 'send-chat', data: { postId: lost?.id } });
    expect(await deliverPost(db, lost?.id as string)).toBe('sent');
    expect(received.at(-1)?.body).toEqual({ text: 'lost' });
  });

  it('take the classes an administrator chooses, and are removed', async () => {
    const admin = await signIn(app.users.admin.email);
    const [channel] = await app.database.db.select().from(chatChannel).where(eq(chatChannel.format, 'teams'));
    const route = await import('@/app/api/admin/channels/[channelId]/route');
    const context = { params: Promise.resolve({ channelId: channel?.id as string }) };
    const changed = await route.PATCH(
      jsonRequest(`/api/admin/channels/${channel?.id}`, {
        method: 'PATCH',
        cookie: admin,
        body: { classes: ['lapse'] },
      }),
      context,
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { channel: { classes: string[] } }).channel.classes).toEqual(['lapse']);
    const removed = await route.DELETE(
      jsonRequest(`/api/admin/channels/${channel?.id}`, { method: 'DELETE', cookie: admin }),
      context,
    );
    expect(removed.status).toBe(200);
    expect(await app.database.db.select().from(chatChannel).where(eq(chatChannel.format, 'teams'))).toEqual(
      [],
    );
  });
});
