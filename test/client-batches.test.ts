import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import { AnnuityApiError } from '@/lib/annuity/errors';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { draftAgainstCopy } from '@/lib/server/sync/draft-against-copy';
import { jsonRequest } from './app-harness';
import { grantClientsAs, setUpTwoClients } from './client-grants';
import { putDraftAs } from './draft-fixtures';

/**
 * Decisions per client (spec: Authentication 1, one key per client; Endpoints 10, one atomic batch
 * per POST): a draft holding renewals of two clients goes as two batches, each posted with its own
 * client's key; a user of one client never sees the other's batches.
 */

const SECOND = 'second-client';
const app = setUpTwoClients({
  first: { patents: 30, seed: 5 },
  second: { patents: 30, seed: 11 },
  secondClient: 'Second Client',
  sync: true,
});
/** Each client's service read with its own key. */
const serviceOf = (connection: string): AnnuityClient =>
  connection === SECOND ? app.services.second : app.services.first;
/** Patents decided on by an earlier test: one renewal per patent is open at a time. */
const used = new Set<string>();

/** A renewal of the client's copy the service would take PROCEED for now, of a patent not yet used. */
async function openRenewalOf(connection: string, usedEvents: readonly string[] = []): Promise<PatentEvent> {
  const rows = await app.harness.database.db
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

describe('decisions per client', () => {
  let sent: BatchView[] = [];
  let first: PatentEvent;
  let second: PatentEvent;

  it('sends a draft of two clients as two batches, each with its own client’s key', async () => {
    first = await openRenewalOf(DEFAULT_CONNECTION);
    second = await openRenewalOf(SECOND);
    const draft = await putDraftAs(app.cookies.paralegal, [
      draftEntryOf(first, 'PROCEED'),
      draftEntryOf(second, 'PROCEED'),
    ]);
    const answer = await send(draft.batchKey, app.cookies.paralegal);
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
      const service = serviceOf(connection);
      expect((await service.getPatentEvent(event.patent.id, event.id)).data.appliedDecision).toBe('PROCEED');
      const other = serviceOf(connection === SECOND ? DEFAULT_CONNECTION : SECOND);
      const unseen = await other.getPatentEvent(event.patent.id, event.id).catch((error: unknown) => error);
      expect(unseen).toBeInstanceOf(AnnuityApiError);
      expect((unseen as AnnuityApiError).status).toBe(404);
    }
    // Sending the same draft again answers with the same two batches and posts nothing twice.
    const again = await send(draft.batchKey, app.cookies.paralegal);
    expect(again.body.batches?.map((batch) => batch.id)).toEqual(sent.map((batch) => batch.id));
  });

  /** A draft to proceed with a renewal of each client not decided on before. */
  async function draftOfBothClients() {
    const firstOpen = await openRenewalOf(DEFAULT_CONNECTION, [first.id]);
    const secondOpen = await openRenewalOf(SECOND, [second.id]);
    const draft = await putDraftAs(app.cookies.paralegal, [
      draftEntryOf(firstOpen, 'PROCEED'),
      draftEntryOf(secondOpen, 'PROCEED'),
    ]);
    return { firstOpen, secondOpen, draft };
  }

  it('tells the review nothing changed of a renewal another client’s copy holds, and what is gone from all', async () => {
    const theirs = await openRenewalOf(SECOND);
    const entry = draftEntryOf(theirs, 'PROCEED', { estimate: false });
    // The second client's renewal is in the second client's copy, not missing from the first's.
    expect(await draftAgainstCopy([entry], [DEFAULT_CONNECTION, SECOND])).toEqual([]);
    // A renewal no client's copy lists, in a month every copy has read, is gone.
    const vanished = { ...entry, eventId: randomUUID() };
    expect(await draftAgainstCopy([vanished], [DEFAULT_CONNECTION, SECOND])).toEqual([
      { eventId: vanished.eventId, kind: 'gone' },
    ]);
  });

  it('shows a user granted one client only that client’s batches; the other’s is 404', async () => {
    await grantClientsAs(app.cookies.admin, app.harness.users.paralegal.id, [SECOND]);
    const { GET: list } = await import('@/app/api/decisions/batches/route');
    const listed = (await (
      await list(jsonRequest('/api/decisions/batches', { cookie: app.cookies.paralegal }))
    ).json()) as {
      batches: BatchView[];
    };
    expect(listed.batches.map((batch) => batch.connection)).toEqual([SECOND]);
    const { GET: one } = await import('@/app/api/decisions/batches/[batchId]/route');
    const [ofFirst, ofSecond] = sent;
    const hidden = await one(
      jsonRequest(`/api/decisions/batches/${ofFirst?.id}`, { cookie: app.cookies.paralegal }),
      {
        params: Promise.resolve({ batchId: ofFirst?.id ?? '' }),
      },
    );
    expect(hidden.status).toBe(404);
    const shown = await one(
      jsonRequest(`/api/decisions/batches/${ofSecond?.id}`, { cookie: app.cookies.paralegal }),
      {
        params: Promise.resolve({ batchId: ofSecond?.id ?? '' }),
      },
    );
    expect(shown.status).toBe(200);
    // The header's choice narrows an all-clients user the same way.
    const chosen = await list(
      jsonRequest('/api/decisions/batches', { cookie: `${app.cookies.manager}; ac_client=${SECOND}` }),
    );
    expect(
      ((await chosen.json()) as { batches: BatchView[] }).batches.map((batch) => batch.connection),
    ).toEqual([SECOND]);
    await grantClientsAs(app.cookies.admin, app.harness.users.paralegal.id, 'all');
  });

  it('after answers lost behind a gateway, each client’s batch settles as executed and is posted once', async () => {
    const posts = async (tenant: string) =>
      (await app.sandbox.operator.getUsage(tenant)).operations.postPatentInstructions ?? 0;
    const { firstOpen, secondOpen, draft } = await draftOfBothClients();
    const before = { first: await posts('first'), second: await posts('second') };
    await app.sandbox.operator.setFaults({ dropRate: 1, dropPhase: 'after', paths: ['patent-instructions'] });
    let batches: BatchView[];
    try {
      batches = (await send(draft.batchKey, app.cookies.paralegal)).body.batches ?? [];
      // Sending again answers the same batches, whatever the gateway did.
      expect(
        (await send(draft.batchKey, app.cookies.paralegal)).body.batches?.map((batch) => batch.id),
      ).toEqual(batches.map((batch) => batch.id));
    } finally {
      await app.sandbox.operator.clearFaults();
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
        (await serviceOf(connection).getPatentEvent(event.patent.id, event.id)).data.appliedDecision,
      ).toBe('PROCEED');
  });

  it('reads each client’s renewals from the service once per send, under amount thresholds', async () => {
    const { PUT } = await import('@/app/api/admin/approval-policy/route');
    const policy = async (client: string, proceedAbove: { currency: string; amount: string }[]) => {
      const response = await PUT(
        jsonRequest(`/api/admin/approval-policy?client=${client}`, {
          method: 'PUT',
          cookie: app.cookies.admin,
          body: {
            dropRequiresApproval: false,
            proceedAbove,
            batchAbove: [],
            unlistedCurrencyRequiresApproval: false,
          },
        }),
      );
      expect(response.status).toBe(200);
    };
    // Thresholds far above any renewal: judged on fees read now, and nothing waits for approval.
    const far = ['EUR', 'USD', 'GBP', 'JPY', 'CHF'].map((currency) => ({ currency, amount: '100000000.00' }));
    for (const client of [DEFAULT_CONNECTION, SECOND]) await policy(client, far);
    try {
      const reads = async (tenant: string) => {
        const { operations } = await app.sandbox.operator.getUsage(tenant);
        return (operations.getPatentEvent ?? 0) + (operations.getPatentEventFees ?? 0);
      };
      const { firstOpen, draft } = await draftOfBothClients();
      const before = { first: await reads('first'), second: await reads('second') };
      const answer = await send(draft.batchKey, app.cookies.paralegal);
      expect(answer.body.batches?.map((batch) => [batch.connection, batch.state])).toEqual([
        [DEFAULT_CONNECTION, 'executed'],
        [SECOND, 'executed'],
      ]);
      // Each part is judged on one read of its renewals, and sent on that same read.
      const spent = {
        first: (await reads('first')) - before.first,
        second: (await reads('second')) - before.second,
      };
      const single = async (tenant: string, event: PatentEvent) => {
        const alone = await putDraftAs(app.cookies.paralegal, [draftEntryOf(event, 'PROCEED')]);
        const at = await reads(tenant);
        const sentAlone = await send(alone.batchKey, app.cookies.paralegal);
        expect(sentAlone.body.batch?.state ?? sentAlone.body.batches?.[0]?.state).toBe('executed');
        return (await reads(tenant)) - at;
      };
      // A client's part of a two-client draft costs what the same renewal sent alone costs.
      const aloneCost = await single(
        'first',
        await openRenewalOf(DEFAULT_CONNECTION, [first.id, firstOpen.id]),
      );
      expect(spent.first).toBe(aloneCost);
      expect(spent.second).toBe(aloneCost);
    } finally {
      for (const client of [DEFAULT_CONNECTION, SECOND]) await policy(client, []);
    }
  });
});
