import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnuityClient, createAnnuityClient } from '@/lib/annuity/client';
import { AnnuityApiError } from '@/lib/annuity/errors';
import { type PatentEvent, SCOPES } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { currentYearMonth } from '@/lib/format/dates';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { putDraftAs } from './draft-fixtures';
import { serviceEnv } from './sandbox-app';

/**
 * Decisions per client (spec: Authentication 1, one key per client; Endpoints 10, one atomic batch
 * per POST): a draft holding renewals of two clients goes as two batches, each posted with its own
 * client's key; a user of one client never sees the other's batches.
 */

const TODAY = `${currentYearMonth()}-15`;
const SECOND = 'second-client';
let sandbox: StartedSandbox;
let harness: Awaited<ReturnType<typeof startAppHarness>>;
const cookies = { admin: '', paralegal: '', manager: '' };
const services: Record<string, AnnuityClient> = {};
const env = serviceEnv();
/** Patents decided on by an earlier test: one renewal per patent is open at a time. */
const used = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY });
  await sandbox.operator.createTenant({ name: 'first', patents: 30, seed: 5 });
  await sandbox.operator.createTenant({ name: 'second', patents: 15, seed: 11 });
  const keyOf = async (tenant: string) =>
    (await sandbox.operator.createKey({ tenant, scopes: [...SCOPES] })).key;
  const first = await keyOf('first');
  const second = await keyOf('second');
  env.point(sandbox.baseUrl, first);
  harness = await startAppHarness();
  cookies.admin = await signIn(harness.users.admin.email);
  cookies.paralegal = await signIn(harness.users.paralegal.email);
  cookies.manager = await signIn(harness.users.manager.email);
  services[DEFAULT_CONNECTION] = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: first, retries: 0 });
  services[SECOND] = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: second, retries: 0 });
  const { POST } = await import('@/app/api/admin/clients/route');
  const added = await POST(
    jsonRequest('/api/admin/clients', {
      method: 'POST',
      cookie: cookies.admin,
      body: { name: 'Second Client', key: second },
    }),
  );
  expect(added.status).toBe(201);
  await runSyncForEveryClient(harness.database.db, { now: new Date(), requestId: 'client-batches-sync' });
}, 180_000);

afterAll(async () => {
  await harness?.stop();
  await sandbox?.stop();
  env.restore();
});

/** A renewal of the client's copy the service would take PROCEED for now, of a patent not yet used. */
async function openRenewalOf(connection: string, usedEvents: readonly string[] = []): Promise<PatentEvent> {
  const rows = await harness.database.db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(eq(syncEvent.connection, connection));
  const event = rows
    .map((row) => JSON.parse(row.body) as PatentEvent)
    .find(
      (candidate) =>
        candidate.instructability?.allowedDecisions.includes('PROCEED') &&
        !usedEvents.includes(candidate.id) &&
        !used.has(candidate.patent.id),
    );
  if (event) used.add(event.patent.id);
  if (!event) throw new Error(`no open renewal in ${connection}'s copy`);
  return event;
}

async function send(batchKey: string, cookie: string) {
  const { POST } = await import('@/app/api/decisions/batches/route');
  const response = await POST(
    jsonRequest('/api/decisions/batches', {
      method: 'POST',
      cookie,
      body: { batchKey, dropConfirmations: [] },
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { batch?: BatchView; batches?: BatchView[] },
  };
}

async function setClients(userId: string, clients: 'all' | string[]) {
  const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
  const response = await PATCH(
    jsonRequest(`/api/admin/users/${userId}`, { method: 'PATCH', cookie: cookies.admin, body: { clients } }),
    { params: Promise.resolve({ userId }) },
  );
  expect(response.status).toBe(200);
}

describe('decisions per client', () => {
  let sent: BatchView[] = [];
  let first: PatentEvent;
  let second: PatentEvent;

  it('sends a draft of two clients as two batches, each with its own client’s key', async () => {
    first = await openRenewalOf(DEFAULT_CONNECTION);
    second = await openRenewalOf(SECOND);
    const draft = await putDraftAs(cookies.paralegal, [
      draftEntryOf(first, 'PROCEED'),
      draftEntryOf(second, 'PROCEED'),
    ]);
    const answer = await send(draft.batchKey, cookies.paralegal);
    expect(answer.status).toBe(201);
    sent = answer.body.batches ?? [];
    expect(
      sent.map((batch) => [batch.connection, batch.state, batch.items.map((item) => item.eventId)]),
    ).toEqual([
      [DEFAULT_CONNECTION, 'executed', [first.id]],
      [SECOND, 'executed', [second.id]],
    ]);
    // Each renewal was instructed at its own client: the other client's key does not even see it.
    for (const [connection, event] of [
      [DEFAULT_CONNECTION, first],
      [SECOND, second],
    ] as const) {
      const service = services[connection] as AnnuityClient;
      expect((await service.getPatentEvent(event.patent.id, event.id)).data.appliedDecision).toBe('PROCEED');
      const other = services[connection === SECOND ? DEFAULT_CONNECTION : SECOND] as AnnuityClient;
      const unseen = await other.getPatentEvent(event.patent.id, event.id).catch((error: unknown) => error);
      expect(unseen).toBeInstanceOf(AnnuityApiError);
      expect((unseen as AnnuityApiError).status).toBe(404);
    }
    // Sending the same draft again answers with the same two batches and posts nothing twice.
    const again = await send(draft.batchKey, cookies.paralegal);
    expect(again.body.batches?.map((batch) => batch.id)).toEqual(sent.map((batch) => batch.id));
  });

  it('shows a user granted one client only that client’s batches; the other’s is 404', async () => {
    await setClients(harness.users.paralegal.id, [SECOND]);
    const { GET: list } = await import('@/app/api/decisions/batches/route');
    const listed = (await (
      await list(jsonRequest('/api/decisions/batches', { cookie: cookies.paralegal }))
    ).json()) as {
      batches: BatchView[];
    };
    expect(listed.batches.map((batch) => batch.connection)).toEqual([SECOND]);
    const { GET: one } = await import('@/app/api/decisions/batches/[batchId]/route');
    const [ofFirst, ofSecond] = sent;
    const hidden = await one(
      jsonRequest(`/api/decisions/batches/${ofFirst?.id}`, { cookie: cookies.paralegal }),
      {
        params: Promise.resolve({ batchId: ofFirst?.id ?? '' }),
      },
    );
    expect(hidden.status).toBe(404);
    const shown = await one(
      jsonRequest(`/api/decisions/batches/${ofSecond?.id}`, { cookie: cookies.paralegal }),
      {
        params: Promise.resolve({ batchId: ofSecond?.id ?? '' }),
      },
    );
    expect(shown.status).toBe(200);
    // The header's choice narrows an all-clients user the same way.
    const chosen = await list(
      jsonRequest('/api/decisions/batches', { cookie: `${cookies.manager}; ac_client=${SECOND}` }),
    );
    expect(
      ((await chosen.json()) as { batches: BatchView[] }).batches.map((batch) => batch.connection),
    ).toEqual([SECOND]);
    await setClients(harness.users.paralegal.id, 'all');
  });

  it('after answers lost behind a gateway, each client’s batch settles as executed and is posted once', async () => {
    const posts = async (tenant: string) =>
      (await sandbox.operator.getUsage(tenant)).operations.postPatentInstructions ?? 0;
    const firstOpen = await openRenewalOf(DEFAULT_CONNECTION, [first.id]);
    const secondOpen = await openRenewalOf(SECOND, [second.id]);
    const draft = await putDraftAs(cookies.paralegal, [
      draftEntryOf(firstOpen, 'PROCEED'),
      draftEntryOf(secondOpen, 'PROCEED'),
    ]);
    const before = { first: await posts('first'), second: await posts('second') };
    await sandbox.operator.setFaults({ dropRate: 1, dropPhase: 'after', paths: ['patent-instructions'] });
    let batches: BatchView[];
    try {
      batches = (await send(draft.batchKey, cookies.paralegal)).body.batches ?? [];
      // Sending again answers the same batches, whatever the gateway did.
      expect((await send(draft.batchKey, cookies.paralegal)).body.batches?.map((batch) => batch.id)).toEqual(
        batches.map((batch) => batch.id),
      );
    } finally {
      await sandbox.operator.clearFaults();
    }
    // Nothing is called executed that the service does not show: each batch was checked with it.
    expect(batches.map((batch) => [batch.connection, batch.state])).toEqual([
      [DEFAULT_CONNECTION, 'executed'],
      [SECOND, 'executed'],
    ]);
    expect(await posts('first')).toBe(before.first + 1);
    expect(await posts('second')).toBe(before.second + 1);
    for (const [connection, event] of [
      [DEFAULT_CONNECTION, firstOpen],
      [SECOND, secondOpen],
    ] as const)
      expect(
        (await (services[connection] as AnnuityClient).getPatentEvent(event.patent.id, event.id)).data
          .appliedDecision,
      ).toBe('PROCEED');
  });
});
