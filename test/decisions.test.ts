import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InstructionReceipt, PatentEvent } from '@/lib/annuity/schemas';
import { approvalPolicy, auditLog, instructionBatch } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { draftEntryOf } from '@/lib/decisions/testing';
import { claimBatch, startPosting } from '@/lib/server/decisions/batch-machine';
import { reconcileBatch, reconcileOpenBatches } from '@/lib/server/decisions/reconcile';
import { loadToday } from '@/lib/server/today/load';
import type { TodayData } from '@/lib/today/data';
import { todayWindows } from '@/lib/today/windows';
import type { TrackingData } from '@/lib/tracking/data';
import type { FaultsRequest } from '@/sandbox/operator-client';
import { jsonRequest, signIn } from './app-harness';
import { getDraftAs, putDraftAs, setUpDeciding, takeOpenEvent } from './draft-fixtures';
import { TODAY } from './upstream-harness';

/**
 * Sending decisions end to end: our route handlers against the real stand-in service (spec:
 * Endpoints 10, Instruction rules, Errors). Upstream calls are counted with the service's usage
 * report, so "never posted twice" is measured at the service, not assumed.
 */
const deciding = setUpDeciding({ name: 'decider', patents: 400, seed: 9001 });
const used = new Set<string>();

/** An event the service would accept `decision` for now, of a patent no other test used. */
const openEvent = (decision = 'PROCEED', where?: (event: PatentEvent) => boolean) =>
  takeOpenEvent(deciding.events, used, decision, where);

function blockedEvent(reason: string): PatentEvent {
  const found = deciding.events.find(
    (event) => event.instructability?.blockedReason === reason && !used.has(event.patent.id),
  );
  if (!found) throw new Error(`no ${reason} event in the test tenant`);
  used.add(found.patent.id);
  return found;
}

const entry = (event: PatentEvent, decision: DraftEntry['decision'], allowed?: string[]) =>
  draftEntryOf(event, decision, { allowed });

const putDraft = (entries: DraftEntry[], cookie = deciding.paralegal) => putDraftAs(cookie, entries);

const getDraft = (cookie = deciding.paralegal) => getDraftAs(cookie);

/**
 * A draft of one open renewal (PROCEED), its send's POST to the service then meeting `faults`
 * (the test clears them).
 */
async function draftOneWithInstructionFaults(faults: Omit<FaultsRequest, 'paths'>) {
  const event = openEvent();
  const draft = await putDraft([entry(event, 'PROCEED')]);
  await deciding.up.sandbox.operator.setFaults({ ...faults, paths: ['patent-instructions'] });
  return { event, draft };
}

/** The service shows the renewal proceeded, and the draft no longer holds it (nor anything else). */
async function expectProceededAndDraftCleared(event: PatentEvent): Promise<void> {
  expect((await deciding.up.client.getPatentEvent(event.patent.id, event.id)).data.appliedDecision).toBe(
    'PROCEED',
  );
  expect((await getDraft()).entries).toEqual([]);
}

interface SendAnswer {
  status: number;
  batch?: BatchView;
  code?: string;
  detail?: string;
  events?: { eventId: string; code: string; detail: string; opensAt?: string | null }[];
}

async function send(
  batchKey: string,
  dropConfirmations: { eventId: string; patentName: string }[] = [],
  cookie = deciding.paralegal,
  limit?: number,
): Promise<SendAnswer> {
  const { POST } = await import('@/app/api/decisions/batches/route');
  const response = await POST(
    jsonRequest('/api/decisions/batches', {
      method: 'POST',
      cookie,
      // Each DROP carries its reason (test/approvals.test.ts covers its absence).
      body: {
        batchKey,
        dropConfirmations: dropConfirmations.map((c) => ({ rationale: 'Not worth renewing', ...c })),
        limit,
      },
    }),
  );
  return { status: response.status, ...((await response.json()) as Omit<SendAnswer, 'status'>) };
}

const name = (event: PatentEvent) => event.patent.providerId ?? event.patent.id;

async function batchReceipt(batchId: string) {
  const [row] = await deciding.up.app.database.db
    .select({ receipt: instructionBatch.receipt })
    .from(instructionBatch)
    .where(eq(instructionBatch.id, batchId));
  return row?.receipt ?? null;
}

describe('sending decisions', () => {
  it('sends the draft as one batch, records it with its estimates, empties the draft and audits it', async () => {
    const chosen = [openEvent('PROCEED'), openEvent('SKIP_THIS_TIME'), openEvent('PROCEED')];
    const decisions: DraftEntry['decision'][] = ['PROCEED', 'SKIP_THIS_TIME', 'PROCEED'];
    const draft = await putDraft(chosen.map((event, i) => entry(event, decisions[i] ?? 'PROCEED')));
    await deciding.up.resetUsage();

    const answer = await send(draft.batchKey);
    expect(answer.status).toBe(201);
    const batch = answer.batch as BatchView;
    expect(batch.state).toBe('executed');
    expect(batch.receipt?.number).toEqual(expect.any(Number));
    expect(batch.items.map((item) => [item.eventId, item.decision, item.outcome])).toEqual(
      chosen.map((event, i) => [event.id, decisions[i], 'executed']),
    );
    // spec: Instruction receipt — instructions name no event and their order is not promised: only
    // the one SKIP_THIS_TIME is identified (by its decision); the two PROCEED share theirs.
    const receipt = (await batchReceipt(batch.id)) as InstructionReceipt;
    const skip = receipt.instructions.find((instruction) => instruction.decision === 'SKIP_THIS_TIME');
    expect(batch.items.map((item) => item.instructionId)).toEqual([null, skip?.id, null]);
    if (receipt.instructions.every((instruction) => instruction.status === 'EXECUTED')) {
      expect(batch.items.every((item) => item.executedAt)).toBe(true);
    }
    expect(batch.items[0]?.estimate).toEqual({
      amount: chosen[0]?.fees?.total,
      currency: chosen[0]?.fees?.currency,
      fxFrozen: chosen[0]?.fees?.isFxRateFrozen,
    });
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);

    for (const [i, event] of chosen.entries()) {
      const now = (await deciding.up.client.getPatentEvent(event.patent.id, event.id)).data;
      expect(now.appliedDecision).toBe(decisions[i]);
      expect(now.processingStatus).toBe('INSTRUCTED');
    }
    const after = await getDraft();
    expect(after.entries).toEqual([]);
    expect(after.batchKey).not.toBe(draft.batchKey);

    const [audited] = await deciding.up.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'decisions.send'), eq(auditLog.target, batch.id)));
    expect(audited?.outcome).toBe('success');
    expect(audited?.actorEmail).toBe(deciding.up.app.users.paralegal.email);
    expect(audited?.details).toMatchObject({ events: 3, receiptNumber: batch.receipt?.number });
    expect(audited?.upstreamRequestIds.length).toBeGreaterThan(0);
  });

  it('posts once for a double click, a second tab and a retry, and each gets the first result', async () => {
    const draft = await putDraft([entry(openEvent(), 'PROCEED'), entry(openEvent(), 'PROCEED')]);
    await deciding.up.resetUsage();
    const [first, second] = await Promise.all([send(draft.batchKey), send(draft.batchKey)]);
    const retry = await send(draft.batchKey);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    expect([first.status, second.status, retry.status]).toEqual([201, 201, 201]);
    expect(second.batch?.id).toBe(first.batch?.id);
    expect(retry.batch?.receipt).toEqual(first.batch?.receipt);
    const rows = await deciding.up.app.database.db
      .select()
      .from(instructionBatch)
      .where(eq(instructionBatch.idempotencyKey, draft.batchKey));
    expect(rows).toHaveLength(1);
  });

  it('refuses before sending when the service already says no, and names each renewal', async () => {
    const early = blockedEvent('TOO_EARLY');
    const pending = blockedEvent('EARLIER_EVENT_PENDING');
    const fine = openEvent();
    const draft = await putDraft([
      entry(early, 'PROCEED', ['PROCEED']),
      entry(pending, 'PROCEED', ['PROCEED']),
      entry(fine, 'PROCEED'),
    ]);
    await deciding.up.resetUsage();
    const answer = await send(draft.batchKey);
    expect(answer.status).toBe(409);
    expect(answer.code).toBe('refused_before_sending');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    const byEvent = new Map(answer.events?.map((problem) => [problem.eventId, problem]));
    expect(byEvent.get(early.id)).toMatchObject({
      code: 'instruction_too_early',
      opensAt: early.instructability?.opensAt,
    });
    expect(byEvent.get(pending.id)?.code).toBe('instruction_skipped');
    expect(byEvent.has(fine.id)).toBe(false);
    expect(answer.batch?.items.every((item) => item.outcome === 'not_executed')).toBe(true);

    // Nothing was executed: every decision stays, under a new key for the next attempt.
    const kept = await getDraft();
    expect(kept.entries.map((e) => e.eventId)).toEqual([early.id, pending.id, fine.id]);
    expect(kept.batchKey).not.toBe(draft.batchKey);
  });

  it('refuses an already instructed renewal and a decision the service no longer offers', async () => {
    const sentBefore = deciding.events.find(
      (event) => event.instructability?.blockedReason === 'ALREADY_INSTRUCTED',
    );
    const lapsed = deciding.events.find(
      (event) =>
        !used.has(event.patent.id) &&
        event.instructability?.isAllowed &&
        !event.instructability.allowedDecisions.includes('PROCEED'),
    );
    expect(sentBefore).toBeDefined();
    expect(lapsed).toBeDefined();
    used.add((lapsed as PatentEvent).patent.id);
    const draft = await putDraft([
      entry(sentBefore as PatentEvent, 'SKIP_THIS_TIME', ['SKIP_THIS_TIME']),
      entry(lapsed as PatentEvent, 'PROCEED', ['PROCEED', 'SKIP_THIS_TIME', 'DROP']),
    ]);
    const answer = await send(draft.batchKey);
    expect(answer.status).toBe(409);
    const codes = Object.fromEntries(answer.events?.map((problem) => [problem.eventId, problem.code]) ?? []);
    expect(codes[(sentBefore as PatentEvent).id]).toBe('instruction_already_set');
    expect(codes[(lapsed as PatentEvent).id]).toBe('instruction_lapsed');
    await putDraft([]);
  });

  it('keeps the month view rules on the server: one renewal per patent', async () => {
    const patentWithTwo = deciding.events.find(
      (event) =>
        !used.has(event.patent.id) &&
        event.instructability?.isAllowed &&
        deciding.events.some((other) => other.patent.id === event.patent.id && other.id !== event.id),
    );
    expect(patentWithTwo).toBeDefined();
    const first = patentWithTwo as PatentEvent;
    used.add(first.patent.id);
    const second = deciding.events.find(
      (event) => event.patent.id === first.patent.id && event.id !== first.id,
    ) as PatentEvent;
    const draft = await putDraft([entry(first, 'PROCEED'), entry(second, 'PROCEED', ['PROCEED'])]);
    await deciding.up.resetUsage();
    const answer = await send(draft.batchKey);
    expect(answer.status).toBe(422);
    expect(answer.code).toBe('selection_refused');
    const later = first.dueDate <= second.dueDate ? second : first;
    expect(answer.events?.find((problem) => problem.code === 'second_event_of_patent')?.eventId).toBe(
      later.id,
    );
    expect(await deciding.up.calls('getPatentEvent')).toBe(0);
    await putDraft([]);
  });

  it('never sends a draft under the key of an older version of it', async () => {
    const event = openEvent();
    const older = await putDraft([entry(event, 'PROCEED')]);
    const newer = await putDraft([entry(event, 'SKIP_THIS_TIME')]);
    expect(newer.batchKey).not.toBe(older.batchKey);
    await deciding.up.resetUsage();
    const answer = await send(older.batchKey);
    expect(answer.status).toBe(409);
    expect(answer.code).toBe('draft_changed');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    await putDraft([]);
  });

  it('drops a patent only with a confirmation naming it, and its future renewals are gone', async () => {
    const event = openEvent('DROP', (candidate) =>
      deciding.events.some(
        (other) => other.patent.id === candidate.patent.id && other.dueDate > candidate.dueDate,
      ),
    );
    // Approvals are test/approvals.test.ts's subject: here the policy lets a DROP go without one.
    await deciding.up.app.database.db
      .insert(approvalPolicy)
      .values({ id: 'default', dropRequiresApproval: false })
      .onConflictDoUpdate({ target: approvalPolicy.id, set: { dropRequiresApproval: false } });
    const draft = await putDraft([entry(event, 'DROP')]);
    await deciding.up.resetUsage();
    expect((await send(draft.batchKey)).code).toBe('drop_not_confirmed');
    expect((await send(draft.batchKey, [{ eventId: event.id, patentName: 'something else' }])).code).toBe(
      'drop_not_confirmed',
    );
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);

    const answer = await send(draft.batchKey, [{ eventId: event.id, patentName: name(event) }]);
    expect(answer.status).toBe(201);
    const remaining = (await deciding.up.client.getPatentEvents(event.patent.id)).data;
    expect(remaining.filter((other) => other.dueDate > event.dueDate)).toEqual([]);
    expect(remaining.find((other) => other.id === event.id)?.appliedDecision).toBe('DROP');
  });

  it('keeps a batch whose answer was lost "checking with the service", never "not executed", until the waiting time is over', async () => {
    const { event, draft } = await draftOneWithInstructionFaults({ dropRate: 1 });
    const other = openEvent();
    let batchId: string;
    try {
      await deciding.up.resetUsage();
      const answer = await send(draft.batchKey);
      // The injected drop happens before the service acts, but the dashboard cannot know that.
      expect(answer.status).toBe(202);
      expect(answer.batch?.state).toBe('outcome_unknown');
      expect(answer.batch?.items[0]?.outcome).toBe('pending');
      expect(answer.batch?.items[0]?.problemCode).toBe('not_confirmed');
      expect(await deciding.up.calls('getPatentEvent')).toBeGreaterThan(0);
      batchId = answer.batch?.id as string;
    } finally {
      await deciding.up.sandbox.operator.clearFaults();
    }
    // The draft shows the renewal as being sent, in that batch.
    const held = await getDraft();
    expect(held.entries.map((e) => e.eventId)).toEqual([event.id]);
    expect(held.beingSent).toEqual({ [event.id]: batchId });
    // No other batch may hold it: the send path refuses, and nothing reaches the service.
    const changed = await putDraft([entry(event, 'PROCEED'), entry(other, 'PROCEED')]);
    await deciding.up.resetUsage();
    const second = await send(changed.batchKey);
    expect(second.status).toBe(409);
    expect(second.code).toBe('being_sent');
    expect(second.events?.map((e) => e.eventId)).toEqual([event.id]);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    // A check finds it still undecided at the service: still open, still not confirmed.
    const checked = await reconcileBatch(batchId, 'test-check');
    expect(checked.state).toBe('outcome_unknown');
    expect(checked.items[0]?.problemCode).toBe('not_confirmed');
    // Once the waiting time (24 h by default) is over, it goes back to the draft with the reason.
    const later = new Date(Date.now() + 25 * 3_600_000);
    const settled = await reconcileBatch(batchId, 'test-check', later);
    expect(settled.state).toBe('reconciled');
    expect(settled.items[0]?.outcome).toBe('not_executed');
    expect(settled.items[0]?.problemCode).toBe('not_confirmed_in_time');
    expect(settled.problem?.detail).toContain('still undecided at the service 24 hours after sending');
    const after = await getDraft();
    expect(after.beingSent).toBeUndefined();
    expect(after.entries.map((e) => e.eventId).sort()).toEqual([event.id, other.id].sort());
    await putDraft([]);
  });

  it('behind a gateway that answers 504 while the service executes later, the same batch ends executed and the renewal is never offered again', async () => {
    const { event, draft } = await draftOneWithInstructionFaults({
      gatewayTimeout: { answerAfterMs: 0, executeAfterMs: 1_500 },
    });
    try {
      await deciding.up.resetUsage();
      const answer = await send(draft.batchKey);
      expect(answer.status).toBe(202);
      expect(answer.batch?.state).toBe('outcome_unknown');
      expect(answer.batch?.items[0]?.problemCode).toBe('not_confirmed');
      const batchId = answer.batch?.id as string;
      // Whatever the user clicks: the same review replays this batch, a new one is refused.
      expect((await send(draft.batchKey)).batch?.id).toBe(batchId);
      const again = await putDraft([entry(event, 'PROCEED')]);
      expect(again.beingSent).toEqual({ [event.id]: batchId });
      expect((await send(again.batchKey)).code).toBe('being_sent');
      // The service executes the lost POST a moment later; the next check settles it.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const { POST } = await import('@/app/api/decisions/batches/[batchId]/reconcile/route');
      const response = await POST(
        jsonRequest(`/api/decisions/batches/${batchId}/reconcile`, {
          method: 'POST',
          cookie: deciding.paralegal,
        }),
        { params: Promise.resolve({ batchId }) },
      );
      const { batch } = (await response.json()) as { batch: BatchView };
      expect(batch.state).toBe('executed');
      expect(batch.items[0]?.outcome).toBe('executed');
      expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    } finally {
      await deciding.up.sandbox.operator.clearFaults();
    }
    await expectProceededAndDraftCleared(event);
  });

  it('sends the same batch again after a lost answer: executed once at the service, whichever POST arrives first', async () => {
    const { event, draft } = await draftOneWithInstructionFaults({
      gatewayTimeout: { answerAfterMs: 0, executeAfterMs: 2_000 },
    });
    const answer = await send(draft.batchKey);
    await deciding.up.sandbox.operator.clearFaults();
    expect(answer.batch?.state).toBe('outcome_unknown');
    const batchId = answer.batch?.id as string;
    const { POST } = await import('@/app/api/decisions/batches/[batchId]/resend/route');
    const resend = () =>
      POST(
        jsonRequest(`/api/decisions/batches/${batchId}/resend`, {
          method: 'POST',
          cookie: deciding.paralegal,
        }),
        {
          params: Promise.resolve({ batchId }),
        },
      );
    // The re-send reaches the service before the lost POST does: executed now (201).
    const response = await resend();
    expect(response.status).toBe(201);
    const { batch } = (await response.json()) as { batch: BatchView };
    expect(batch.id).toBe(batchId);
    expect(batch.state).toBe('executed');
    expect(batch.items[0]?.outcome).toBe('executed');
    // The lost POST arrives later and is refused by the service (already set): one execution.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expectProceededAndDraftCleared(event);
    // A settled batch is never sent again.
    expect((await resend()).status).toBe(409);
  });

  it('counts a batch whose answer was lost after the service acted as done, and posts it only once', async () => {
    const { event, draft } = await draftOneWithInstructionFaults({ dropRate: 1, dropPhase: 'after' });
    try {
      await deciding.up.resetUsage();
      const answer = await send(draft.batchKey);
      expect(answer.status).toBe(201);
      expect(answer.batch?.state).toBe('executed');
      expect(answer.batch?.items[0]?.outcome).toBe('executed');
      // Sending the same draft again returns the settled batch; nothing is posted twice.
      expect((await send(draft.batchKey)).batch?.id).toBe(answer.batch?.id);
      expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    } finally {
      await deciding.up.sandbox.operator.clearFaults();
    }
    await expectProceededAndDraftCleared(event);
  });

  it('in a deferred mode, shows the accepted renewal as scheduled, never posts it twice, and settles it when the service executes it', async () => {
    const before = await deciding.up.sandbox.operator.getProfile();
    await deciding.up.sandbox.operator.setProfile({
      switches: { instructionMode: 'DEFERRED', deferredExecution: 'next-day' },
    });
    const event = openEvent();
    try {
      const draft = await putDraft([entry(event, 'PROCEED')]);
      await deciding.up.resetUsage();
      const answer = await send(draft.batchKey);
      // Accepted, not executed: the batch stays open with its receipt, the renewal scheduled.
      expect(answer.status).toBe(202);
      expect(answer.batch?.state).toBe('outcome_unknown');
      expect(answer.batch?.receipt).not.toBeNull();
      expect(answer.batch?.items[0]).toMatchObject({ outcome: 'pending', problemCode: 'awaiting_execution' });
      const batchId = answer.batch?.id as string;
      // The service holds it as instructed and undecided, in its own mode.
      const read = (await deciding.up.client.getPatentEvent(event.patent.id, event.id)).data;
      expect(read.appliedDecision).toBeNull();
      expect(read.instructability?.blockedReason).toBe('ALREADY_INSTRUCTED');
      expect(read.instructability?.mode).toBe('DEFERRED');
      // Never posted twice: not in another batch, not sent again, and the service refuses it too.
      const again = await putDraft([entry(event, 'PROCEED')]);
      expect(again.beingSent).toEqual({ [event.id]: batchId });
      expect((await send(again.batchKey)).code).toBe('being_sent');
      const { POST } = await import('@/app/api/decisions/batches/[batchId]/resend/route');
      const resent = await POST(
        jsonRequest(`/api/decisions/batches/${batchId}/resend`, {
          method: 'POST',
          cookie: deciding.paralegal,
        }),
        { params: Promise.resolve({ batchId }) },
      );
      expect(resent.status).toBe(409);
      expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
      // A check before the service's clock reaches it changes nothing.
      expect((await reconcileBatch(batchId, 'test-deferred')).items[0]?.problemCode).toBe(
        'awaiting_execution',
      );
      // The next day the service executes it; the next check settles the batch.
      await deciding.up.sandbox.operator.setToday(
        new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      );
      const settled = await reconcileBatch(batchId, 'test-deferred');
      expect(settled.state).toBe('executed');
      expect(settled.items[0]?.outcome).toBe('executed');
      await expectProceededAndDraftCleared(event);
    } finally {
      await deciding.up.sandbox.operator.setToday(TODAY);
      await deciding.up.sandbox.operator.setProfile({ switches: before.switches });
    }
  });

  it('in a deferred mode, Today and tracking show the accepted renewal as scheduled for its date with its decision, then as executed once the service applies it', async () => {
    const before = await deciding.up.sandbox.operator.getProfile();
    await deciding.up.sandbox.operator.setProfile({
      switches: { instructionMode: 'DEFERRED', deferredExecution: 'next-day' },
    });
    const [window] = todayWindows(TODAY);
    const event = openEvent(
      'SKIP_THIS_TIME',
      (candidate) => !!window && candidate.dueDate >= window.from && candidate.dueDate <= window.to,
    );
    const month = event.dueDate.slice(0, 7);
    const noon = new Date(`${TODAY}T12:00:00Z`);
    const today = () =>
      loadToday({ userId: deciding.up.app.users.paralegal.id, role: 'paralegal' }, 'test-today', noon);
    const bucketed = (data: TodayData) =>
      data.renewals?.ok
        ? data.renewals.data.buckets.flatMap((bucket) => bucket.items.map((item) => item.row.eventId))
        : [];
    const tracking = async () => {
      const { GET } = await import('@/app/api/tracking/route');
      return (await (
        await GET(jsonRequest(`/api/tracking?month=${month}`, { cookie: deciding.paralegal }))
      ).json()) as TrackingData;
    };
    try {
      // Undecided before: in one of Today's buckets.
      expect(bucketed(await today())).toContain(event.id);
      const answer = await send((await putDraft([entry(event, 'SKIP_THIS_TIME')])).batchKey);
      const batchId = answer.batch?.id as string;
      expect(answer.batch?.state).toBe('outcome_unknown');
      // The receipt's date (spec: Instruction, scheduledForExecutionAt) is what every page shows.
      const receipt = (await batchReceipt(batchId)) as InstructionReceipt;
      const date = receipt.instructions[0]?.scheduledForExecutionAt as string;
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(answer.batch?.items[0]?.scheduledFor).toBe(date);

      const scheduledToday = await today();
      expect(bucketed(scheduledToday)).not.toContain(event.id);
      expect(scheduledToday.scheduled?.ok && scheduledToday.scheduled.data.items).toEqual([
        expect.objectContaining({
          eventId: event.id,
          decision: 'SKIP_THIS_TIME',
          scheduledFor: date,
          batchHref: `/renewals/batches/${batchId}`,
        }),
      ]);
      const board = await tracking();
      expect(board.scheduled).toEqual([
        expect.objectContaining({ decision: 'SKIP_THIS_TIME', scheduledFor: date, batchId }),
      ]);
      expect(board.scheduled[0]?.row.eventId).toBe(event.id);
      expect(board.rows.map((row) => row.eventId)).not.toContain(event.id);

      // The service applies it the next day; the batch's next check settles it as executed.
      await deciding.up.sandbox.operator.setToday(
        new Date(Date.parse(`${TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      );
      const { POST } = await import('@/app/api/decisions/batches/[batchId]/reconcile/route');
      const checked = await POST(
        jsonRequest(`/api/decisions/batches/${batchId}/reconcile`, {
          method: 'POST',
          cookie: deciding.paralegal,
        }),
        { params: Promise.resolve({ batchId }) },
      );
      expect(((await checked.json()) as { batch: BatchView }).batch.state).toBe('executed');
      const after = await today();
      expect(after.scheduled?.ok && after.scheduled.data.items).toEqual([]);
      expect(bucketed(after)).not.toContain(event.id);
      const executed = await tracking();
      expect(executed.scheduled).toEqual([]);
      expect(executed.rows.find((row) => row.eventId === event.id)?.appliedDecision).toBe('SKIP_THIS_TIME');
    } finally {
      await deciding.up.sandbox.operator.setToday(TODAY);
      await deciding.up.sandbox.operator.setProfile({ switches: before.switches });
    }
  });

  it('reconciles at start-up a batch a stopped process left open', async () => {
    const event = openEvent();
    const batchId = (await claimBatch({
      connection: 'default',
      idempotencyKey: crypto.randomUUID(),
      actor: { userId: deciding.up.app.users.paralegal.id, email: deciding.up.app.users.paralegal.email },
      entries: [entry(event, 'PROCEED')],
      requestId: 'test-open-batch',
    })) as string;
    // The process posted, the service executed, and the process stopped before recording it.
    await startPosting(batchId, { at: new Date(Date.now() - 5 * 60_000) });
    await deciding.up.client.postPatentInstructions({
      instructions: [{ eventId: event.id, decision: 'PROCEED' }],
    });

    expect(await reconcileOpenBatches('test-startup')).toBeGreaterThanOrEqual(1);
    const { GET } = await import('@/app/api/decisions/batches/[batchId]/route');
    const response = await GET(
      jsonRequest(`/api/decisions/batches/${batchId}`, { cookie: deciding.paralegal }),
      {
        params: Promise.resolve({ batchId }),
      },
    );
    const { batch } = (await response.json()) as { batch: BatchView };
    expect(batch.state).toBe('executed');
    expect(batch.items[0]?.outcome).toBe('executed');
  });

  it('counts a renewal that already carries the chosen decision as done, and sends only the rest', async () => {
    const decidedElsewhere = openEvent();
    const fresh = openEvent();
    await deciding.up.client.postPatentInstructions({
      instructions: [{ eventId: decidedElsewhere.id, decision: 'PROCEED' }],
    });
    const draft = await putDraft([entry(decidedElsewhere, 'PROCEED', ['PROCEED']), entry(fresh, 'PROCEED')]);
    await deciding.up.resetUsage();
    const answer = await send(draft.batchKey);
    expect(answer.status).toBe(201);
    expect(answer.batch?.items.map((item) => [item.eventId, item.outcome, item.problemCode])).toEqual([
      [decidedElsewhere.id, 'executed', 'already_applied'],
      [fresh.id, 'executed', null],
    ]);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    expect((await getDraft()).entries).toEqual([]);
  });

  it('never settles a batch whose POST may still be in flight, nor one still being prepared', async () => {
    const actor = {
      userId: deciding.up.app.users.paralegal.id,
      email: deciding.up.app.users.paralegal.email,
    };
    const event = openEvent();
    const posting = (await claimBatch({
      connection: 'default',
      idempotencyKey: crypto.randomUUID(),
      actor,
      entries: [entry(event, 'PROCEED')],
      requestId: 'test-in-flight',
    })) as string;
    await startPosting(posting);
    expect((await reconcileBatch(posting, 'test')).state).toBe('posting');

    const draft = await putDraft([entry(openEvent(), 'PROCEED')]);
    const preparing = (await claimBatch({
      connection: 'default',
      idempotencyKey: draft.batchKey,
      actor,
      entries: draft.entries,
      requestId: 'test-preparing',
    })) as string;
    expect((await reconcileBatch(preparing, 'test')).state).toBe('preparing');
    // Long abandoned: nothing was sent, and the draft gets a new key to send it again.
    const later = new Date(Date.now() + 11 * 60_000);
    const settled = await reconcileBatch(preparing, 'test', later);
    expect(settled.state).toBe('rejected');
    expect(settled.problem?.code).toBe('not_sent');
    const after = await getDraft();
    expect(after.entries).toHaveLength(1);
    expect(after.batchKey).not.toBe(draft.batchKey);
    await putDraft([]);
  });

  it('keeps a stale tab from overwriting a draft changed elsewhere', async () => {
    const { PUT } = await import('@/app/api/decisions/draft/route');
    const put = (entries: DraftEntry[], basedOn?: string) =>
      PUT(
        jsonRequest('/api/decisions/draft', {
          method: 'PUT',
          cookie: deciding.paralegal,
          body: { entries, basedOn },
        }),
      );
    const event = openEvent();
    const tabA = await putDraft([]);
    const fromB = (await (await put([entry(event, 'PROCEED')], tabA.batchKey)).json()) as Draft;
    const stale = await put([entry(event, 'SKIP_THIS_TIME')], tabA.batchKey);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { code: string; draft: Draft };
    expect(body.code).toBe('draft_changed_elsewhere');
    expect(body.draft.batchKey).toBe(fromB.batchKey);
    expect(body.draft.entries.map((e) => e.decision)).toEqual(['PROCEED']);
    expect((await put([], fromB.batchKey)).status).toBe(200);
  });

  it('learns the batch limit from the refusal and sends the draft in parts, earliest deadlines first', async () => {
    // spec: Limits 4 — the maximum batch size is not shown; this service is set to refuse over 2.
    const before = await deciding.up.sandbox.operator.getProfile();
    await deciding.up.sandbox.operator.setProfile({ switches: { maxBatchSize: 2 } });
    try {
      const chosen = [openEvent('PROCEED'), openEvent('PROCEED'), openEvent('PROCEED')];
      const draft = await putDraft(chosen.map((event) => entry(event, 'PROCEED')));

      const whole = await send(draft.batchKey);
      expect(whole.status).toBe(422);
      expect(whole.code).toBe('batch_too_large');
      expect(whole.batch?.problem?.maxBatchSize).toBe(2);
      expect(whole.detail).toContain('atomic by itself');
      const kept = await getDraft();
      expect(kept.entries).toHaveLength(3);
      expect(kept.batchKey).not.toBe(draft.batchKey);

      const first = await send(kept.batchKey, [], deciding.paralegal, 2);
      expect(first.status).toBe(201);
      const earliest = [...chosen].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
      expect(first.batch?.items.map((item) => item.eventId).sort()).toEqual(
        earliest
          .slice(0, 2)
          .map((event) => event.id)
          .sort(),
      );
      const rest = await getDraft();
      expect(rest.entries.map((e) => e.eventId)).toEqual([earliest[2]?.id]);

      const second = await send(rest.batchKey);
      expect(second.status).toBe(201);
      expect((await getDraft()).entries).toHaveLength(0);
    } finally {
      await deciding.up.sandbox.operator.setProfile({
        switches: { maxBatchSize: before.switches.maxBatchSize },
      });
    }
  });

  it('lets only deciding roles send', async () => {
    const finance = await signIn(deciding.up.app.users.finance.email);
    const answer = await send(crypto.randomUUID(), [], finance);
    expect(answer.status).toBe(403);
  });
});
