import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compareAmounts } from '@/lib/annuity/money';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { auditLog, mailMessage, notification } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { draftEntryOf } from '@/lib/decisions/testing';
import { calendarToday } from '@/lib/format/dates';
import { createUserAccount } from '@/lib/server/auth/user-accounts';
import { jsonRequest, signIn, TEST_PASSWORD } from './app-harness';
import { getDraftAs, putDraftAs, setUpDeciding, takeOpenEvent } from './draft-fixtures';
import { TODAY } from './upstream-harness';

/**
 * Maker-checker end to end: our route handlers against the real stand-in service. A
 * batch the policy holds never reaches the service before a manager other than its preparer
 * approves it; "reaches" is counted at the service (its usage report), not assumed.
 */
const deciding = setUpDeciding({ name: 'approver', patents: 400, seed: 1818 });
let manager: string;
let secondManager: string;
let admin: string;
const used = new Set<string>();

beforeAll(async () => {
  const { app } = deciding.up;
  await createUserAccount(app.auth, app.database.db, {
    email: 'manager2@test.example',
    name: 'Second manager',
    role: 'manager',
    password: TEST_PASSWORD,
  });
  [manager, secondManager, admin] = await Promise.all([
    signIn(app.users.manager.email),
    signIn('manager2@test.example'),
    signIn(app.users.admin.email),
  ]);
});

const openEvent = (decision: string, where?: (event: PatentEvent) => boolean) =>
  takeOpenEvent(deciding.events, used, decision, where);

const entry = (event: PatentEvent, decision: DraftEntry['decision']) => draftEntryOf(event, decision);

const name = (event: PatentEvent) => event.patent.providerId ?? event.patent.id;

const putDraft = (entries: DraftEntry[], cookie = deciding.paralegal) => putDraftAs(cookie, entries);

const getDraft = (cookie = deciding.paralegal) => getDraftAs(cookie);

interface Answer {
  status: number;
  contentType: string | null;
  batch?: BatchView;
  code?: string;
  detail?: string;
  errors?: { field: string; message: string }[];
  approvalReasons?: { kind: string }[];
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    ...((await response.json()) as Omit<Answer, 'status' | 'contentType'>),
  };
}

async function send(body: Record<string, unknown>, cookie = deciding.paralegal): Promise<Answer> {
  const { POST } = await import('@/app/api/decisions/batches/route');
  return answerOf(await POST(jsonRequest('/api/decisions/batches', { method: 'POST', cookie, body })));
}

async function approve(batchId: string, cookie = manager): Promise<Answer> {
  const { POST } = await import('@/app/api/approvals/[batchId]/approve/route');
  return answerOf(
    await POST(jsonRequest(`/api/approvals/${batchId}/approve`, { method: 'POST', cookie }), {
      params: Promise.resolve({ batchId }),
    }),
  );
}

async function sendBack(batchId: string, reason: string, cookie = manager): Promise<Answer> {
  const { POST } = await import('@/app/api/approvals/[batchId]/return/route');
  return answerOf(
    await POST(
      jsonRequest(`/api/approvals/${batchId}/return`, { method: 'POST', cookie, body: { reason } }),
      {
        params: Promise.resolve({ batchId }),
      },
    ),
  );
}

async function putPolicy(body: Record<string, unknown>, cookie = admin): Promise<Answer> {
  const { PUT } = await import('@/app/api/admin/approval-policy/route');
  return answerOf(
    await PUT(
      jsonRequest('/api/admin/approval-policy', {
        method: 'PUT',
        cookie,
        body: { unlistedCurrencyRequiresApproval: false, ...body },
      }),
    ),
  );
}

const dropOf = (event: PatentEvent, rationale = 'Product line discontinued') => ({
  eventId: event.id,
  patentName: name(event),
  rationale,
});

async function audited(action: string, target: string) {
  return deciding.up.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
}

/** A paralegal's DROP submitted for approval under the default policy; nothing posted. */
async function submitDrop(
  cookie = deciding.paralegal,
): Promise<{ event: PatentEvent; draft: Draft; batch: BatchView }> {
  const event = openEvent('DROP');
  const draft = await putDraft([entry(event, 'DROP')], cookie);
  const answer = await send(
    { batchKey: draft.batchKey, dropConfirmations: [dropOf(event)], requestApproval: true },
    cookie,
  );
  expect(answer.status).toBe(202);
  return { event, draft, batch: answer.batch as BatchView };
}

describe('a DROP prepared by a paralegal', () => {
  it('cannot reach the service by a direct send: 403 approval_required as problem+json', async () => {
    const event = openEvent('DROP');
    const draft = await putDraft([entry(event, 'DROP')]);
    await deciding.up.resetUsage();
    const answer = await send({ batchKey: draft.batchKey, dropConfirmations: [dropOf(event)] });
    expect(answer.status).toBe(403);
    expect(answer.contentType).toContain('application/problem+json');
    expect(answer.code).toBe('approval_required');
    expect(answer.detail).toContain(name(event));
    expect(answer.approvalReasons).toEqual([{ kind: 'drop', eventId: event.id }]);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    // The draft is untouched: the same decisions, under the same key.
    expect((await getDraft()).batchKey).toBe(draft.batchKey);
    await putDraft([]);
  });

  it('needs a reason: a DROP confirmation without a rationale is a 400 naming the field', async () => {
    const event = openEvent('DROP');
    const draft = await putDraft([entry(event, 'DROP')]);
    const answer = await send({
      batchKey: draft.batchKey,
      dropConfirmations: [{ eventId: event.id, patentName: name(event), rationale: '  ' }],
      requestApproval: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.errors?.map((error) => error.field)).toEqual(['dropConfirmations.0.rationale']);
    await putDraft([]);
  });

  it('waits for approval; managers are told; the paralegal cannot approve; a manager approves and it is sent once', async () => {
    await deciding.up.resetUsage();
    const { event, draft, batch } = await submitDrop();
    expect(batch.state).toBe('awaiting_approval');
    expect(batch.approval?.reasons).toEqual([{ kind: 'drop', eventId: event.id }]);
    expect(batch.items[0]?.rationale).toBe('Product line discontinued');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    // Sending the same review again finds the waiting batch rather than a second one.
    const again = await send({
      batchKey: draft.batchKey,
      dropConfirmations: [dropOf(event)],
      requestApproval: true,
    });
    expect(again.batch?.id).toBe(batch.id);

    const told = await deciding.up.app.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.rule, 'approval_requested'), eq(notification.subjectKey, batch.id)));
    expect(told.map((row) => row.userId).sort()).toEqual(
      [deciding.up.app.users.manager.id, (await userId('manager2@test.example')) as string].sort(),
    );
    expect(told[0]?.href).toBe(`/approvals/${batch.id}`);
    // By email too (their preferences take email by default): claimed in the outbox, once each.
    const mailed = await deciding.up.app.database.db
      .select()
      .from(mailMessage)
      .where(and(eq(mailMessage.rule, 'approval_requested'), eq(mailMessage.subjectKey, batch.id)));
    expect(mailed.map((row) => row.recipient).sort()).toEqual(
      [deciding.up.app.users.manager.email, 'manager2@test.example'].sort(),
    );
    expect(await audited('approvals.submit', batch.id)).toHaveLength(1);

    const byParalegal = await approve(batch.id, deciding.paralegal);
    expect(byParalegal.status).toBe(403);
    expect(byParalegal.code).toBe('forbidden_for_role');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);

    const approved = await approve(batch.id, manager);
    expect(approved.status).toBe(201);
    expect(approved.batch?.state).toBe('executed');
    expect(approved.batch?.approval?.decidedByEmail).toBe(deciding.up.app.users.manager.email);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    const now = (await deciding.up.client.getPatentEvent(event.patent.id, event.id)).data;
    expect(now.appliedDecision).toBe('DROP');
    // The executed DROP left the preparer's draft.
    expect((await getDraft()).entries).toEqual([]);

    const [approval] = await audited('approvals.approve', batch.id);
    expect(approval?.actorEmail).toBe(deciding.up.app.users.manager.email);
    const [sent] = await audited('decisions.send', batch.id);
    expect(sent?.details).toMatchObject({
      preparedBy: deciding.up.app.users.paralegal.email,
      approvedBy: deciding.up.app.users.manager.email,
    });

    // A late second click gets the same outcome and sends nothing more.
    const late = await approve(batch.id, secondManager);
    expect(late.batch?.id).toBe(batch.id);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
  });

  it('two managers approving at the same moment send it exactly once', async () => {
    const { batch } = await submitDrop();
    await deciding.up.resetUsage();
    const [first, second] = await Promise.all([approve(batch.id, manager), approve(batch.id, secondManager)]);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.batch?.receipt).toEqual(second.batch?.receipt);
    expect(await audited('approvals.approve', batch.id)).toHaveLength(1);
    expect(await audited('decisions.send', batch.id)).toHaveLength(1);
  });

  it('sent back with a reason: nothing is sent, the draft is as it was, the preparer is told', async () => {
    const { event, draft, batch } = await submitDrop();
    await deciding.up.resetUsage();
    const missing = await sendBack(batch.id, '   ');
    expect(missing.status).toBe(400);
    expect(missing.errors?.map((error) => error.field)).toEqual(['reason']);

    const back = await sendBack(batch.id, 'Check with the client first');
    expect(back.status).toBe(200);
    expect(back.batch?.state).toBe('returned');
    expect(back.batch?.approval?.returnReason).toBe('Check with the client first');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);

    const after = await getDraft();
    expect(after.entries).toEqual(draft.entries);
    expect(after.batchKey).not.toBe(draft.batchKey);
    const [told] = await deciding.up.app.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.rule, 'approval_returned'), eq(notification.subjectKey, batch.id)));
    expect(told?.userId).toBe(deciding.up.app.users.paralegal.id);
    expect(told?.body).toContain('Check with the client first');
    expect(await audited('approvals.return', batch.id)).toHaveLength(1);

    // Too late to approve what was sent back.
    const late = await approve(batch.id, secondManager);
    expect(late.status).toBe(409);
    expect(late.code).toBe('already_returned');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    expect(
      (await deciding.up.client.getPatentEvent(event.patent.id, event.id)).data.appliedDecision,
    ).toBeNull();
    await putDraft([]);
  });

  it('is flagged on Today, for approvers and its preparer, when a deadline passes while it waits', async () => {
    const today = calendarToday();
    const late = openEvent('DROP', (event) => event.dueDate < today && event.dueDate < TODAY);
    const draft = await putDraft([entry(late, 'DROP')]);
    const waiting = await send({
      batchKey: draft.batchKey,
      dropConfirmations: [dropOf(late)],
      requestApproval: true,
    });
    const batchId = waiting.batch?.id as string;
    const { loadApprovalsAttention } = await import('@/lib/server/today/approvals');
    const forManager = await loadApprovalsAttention({
      userId: deciding.up.app.users.manager.id,
      role: 'manager',
    });
    expect(forManager.batches.find((batch) => batch.id === batchId)).toMatchObject({
      deadlinesPassed: 1,
      by: deciding.up.app.users.paralegal.email,
      href: `/approvals/${batchId}`,
    });
    const forPreparer = await loadApprovalsAttention({
      userId: deciding.up.app.users.paralegal.id,
      role: 'paralegal',
    });
    expect(forPreparer.batches.find((batch) => batch.id === batchId)).toMatchObject({
      deadlinesPassed: 1,
      href: `/renewals/batches/${batchId}`,
    });
    // Someone who neither approves nor prepared it does not see it.
    const forFinance = await loadApprovalsAttention({
      userId: deciding.up.app.users.finance.id,
      role: 'finance',
    });
    expect(forFinance.batches).toEqual([]);
    expect((await sendBack(batchId, 'Too late to drop; discuss')).status).toBe(200);
    const after = await loadApprovalsAttention({ userId: deciding.up.app.users.manager.id, role: 'manager' });
    expect(after.batches.find((batch) => batch.id === batchId)).toBeUndefined();
    await putDraft([]);
  });

  it('a manager cannot approve their own batch', async () => {
    const { batch } = await submitDrop(manager);
    const own = await approve(batch.id, manager);
    expect(own.status).toBe(403);
    expect(own.code).toBe('own_batch');
    const sendOwnBack = await sendBack(batch.id, 'mine', manager);
    expect(sendOwnBack.status).toBe(403);
    expect((await sendBack(batch.id, 'Not this month', secondManager)).status).toBe(200);
    await putDraft([], manager);
  });
});

describe('the approval policy', () => {
  it('refuses bad amounts with a 400 naming the field, and is for administrators only', async () => {
    const bad = await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency: 'EUR', amount: '12,5' }],
      batchAbove: [{ currency: 'eur', amount: '100' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((error) => error.field).sort()).toEqual([
      'batchAbove.0.currency',
      'proceedAbove.0.amount',
    ]);
    const float = await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency: 'EUR', amount: 1500 }],
      batchAbove: [],
    });
    expect(float.errors?.map((error) => error.field)).toEqual(['proceedAbove.0.amount']);
    const twice = await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [
        { currency: 'EUR', amount: '1' },
        { currency: 'EUR', amount: '2' },
      ],
      batchAbove: [],
    });
    expect(twice.errors?.map((error) => error.field)).toEqual(['proceedAbove.1.currency']);
    expect(
      (await putPolicy({ dropRequiresApproval: false, proceedAbove: [], batchAbove: [] }, manager)).status,
    ).toBe(403);
  });

  it('holds a PROCEED above its currency threshold; one under it is sent at once', async () => {
    // Two renewals in one currency with different estimates; the threshold sits between them.
    const priced = deciding.events.filter(
      (event) =>
        event.fees?.total &&
        event.instructability?.isAllowed &&
        event.instructability.allowedDecisions.includes('PROCEED') &&
        !used.has(event.patent.id),
    );
    const currency = priced[0]?.fees?.currency as string;
    const sameCurrency = priced
      .filter((event) => event.fees?.currency === currency)
      .sort((a, b) => compareAmounts(a.fees?.total as string, b.fees?.total as string));
    const cheap = sameCurrency[0] as PatentEvent;
    const dear = sameCurrency[sameCurrency.length - 1] as PatentEvent;
    expect(compareAmounts(cheap.fees?.total as string, dear.fees?.total as string)).toBe(-1);
    used.add(cheap.patent.id);
    used.add(dear.patent.id);
    const policy = await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency, amount: cheap.fees?.total }],
      batchAbove: [],
    });
    expect(policy.status).toBe(200);
    await deciding.up.resetUsage();

    const over = await putDraft([entry(dear, 'PROCEED')]);
    const refused = await send({ batchKey: over.batchKey });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('approval_required');
    const waiting = await send({ batchKey: over.batchKey, requestApproval: true });
    expect(waiting.status).toBe(202);
    expect(waiting.batch?.state).toBe('awaiting_approval');
    expect(waiting.batch?.approval?.reasons[0]).toMatchObject({ kind: 'proceed_over', currency });
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
    expect((await sendBack(waiting.batch?.id as string, 'later')).status).toBe(200);

    // Equal to the threshold is not above it: sent at once, with its optional note kept.
    const under = await putDraft([entry(cheap, 'PROCEED')]);
    const sent = await send({
      batchKey: under.batchKey,
      notes: [{ eventId: cheap.id, note: 'Core patent' }],
    });
    expect(sent.status).toBe(201);
    expect(sent.batch?.approval).toBeNull();
    expect(sent.batch?.items[0]?.rationale).toBe('Core patent');
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    await putDraft([]);
  });

  it('judges thresholds on the fees the server reads, and a currency without one follows the default the administrator chose', async () => {
    const open = deciding.events.filter(
      (event) =>
        event.fees?.total &&
        event.instructability?.isAllowed &&
        event.instructability.allowedDecisions.includes('PROCEED') &&
        !used.has(event.patent.id),
    );
    const currency = open[0]?.fees?.currency as string;
    const inCurrency = open
      .filter((event) => event.fees?.currency === currency)
      .sort((a, b) => compareAmounts(a.fees?.total as string, b.fees?.total as string));
    const cheap = inCurrency[0] as PatentEvent;
    const dear = inCurrency[inCurrency.length - 1] as PatentEvent;
    const other = inCurrency.find((event) => event !== cheap && event !== dear) as PatentEvent;
    expect(other).toBeDefined();
    for (const event of [dear, other]) used.add(event.patent.id);
    await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency, amount: cheap.fees?.total }],
      batchAbove: [],
      unlistedCurrencyRequiresApproval: true,
    });
    // The browser's estimate says it is cheap; the service's fees say otherwise.
    const understated = { ...entry(dear, 'PROCEED') };
    understated.estimate = {
      ...(understated.estimate as NonNullable<DraftEntry['estimate']>),
      amount: '0.01',
    };
    const refused = await send({ batchKey: (await putDraft([understated])).batchKey });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('approval_required');
    // A currency with no threshold is never silently exempt: it follows the policy's default.
    await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency: currency === 'CHF' ? 'SEK' : 'CHF', amount: '1' }],
      batchAbove: [],
      unlistedCurrencyRequiresApproval: true,
    });
    const unlistedDraft = await putDraft([entry(other, 'PROCEED')]);
    const unlisted = await send({ batchKey: unlistedDraft.batchKey });
    expect(unlisted.status).toBe(403);
    expect(unlisted.code).toBe('approval_required');
    const waiting = await send({ batchKey: unlistedDraft.batchKey, requestApproval: true });
    expect(waiting.status).toBe(202);
    expect(waiting.batch?.approval?.reasons).toEqual([
      expect.objectContaining({ kind: 'proceed_over', eventId: other.id, threshold: null }),
    ]);
    expect((await sendBack(waiting.batch?.id as string, 'not now')).status).toBe(200);
    await putPolicy({
      dropRequiresApproval: true,
      proceedAbove: [{ currency: currency === 'CHF' ? 'SEK' : 'CHF', amount: '1' }],
      batchAbove: [],
      unlistedCurrencyRequiresApproval: false,
    });
    const sent = await send({ batchKey: (await putDraft([entry(other, 'PROCEED')])).batchKey });
    expect(sent.status).toBe(201);
    await putPolicy({ dropRequiresApproval: true, proceedAbove: [], batchAbove: [] });
    await putDraft([]);
  });
});

async function userId(email: string): Promise<string | undefined> {
  const { user } = await import('@/lib/db/schema');
  const [row] = await deciding.up.app.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email));
  return row?.id;
}
