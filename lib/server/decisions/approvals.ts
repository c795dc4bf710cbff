import 'server-only';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { getDb } from '../../db';
import { instructionBatch, user } from '../../db/schema';
import {
  type ApprovalReason,
  deadlinesPassed,
  describeApprovalReason,
} from '../../decisions/approval-policy';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import type { DraftEntry } from '../../decisions/draft';
import { calendarToday } from '../../format/dates';
import { plural } from '../../format/plural';
import { logger } from '../../log';
import { can, isRole } from '../../policy/roles';
import { patentName } from '../../portfolio/patent-name';
import { auditSuccess } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { usersOfClient } from '../clients/scope';
import { composeApproval } from '../notifications/compose';
import { addNotification } from '../notifications/in-app';
import { claimMessage } from '../notifications/mail';
import { readPreferences } from '../notifications/preferences';
import { publicBaseUrl } from '../notifications/public-url';
import { returnBatch } from './batch-machine';
import { batchView } from './batch-records';
import { ApprovalError } from './errors';

/**
 * Maker-checker around the send path: who is told a batch waits, sending it back, and
 * the approvers' list. Approving sends, so it lives with sending (./send.ts, sendApproved); the
 * moves themselves are ./batch-machine.ts (approveBatch, returnBatch).
 */

const approvalHref = (batchId: string) => `/approvals/${batchId}`;

/**
 * Active users whose role may approve and who work for the batch's client, except `exceptUserId`
 * (the preparer never approves; another client's approvers never hear of it, spec: rule 2).
 */
async function approvers(exceptUserId: string, connection: string): Promise<{ id: string; email: string }[]> {
  const db = await getDb();
  const [rows, ofClient] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(and(isNull(user.deactivatedAt), ne(user.id, exceptUserId))),
    usersOfClient(connection),
  ]);
  return rows.filter((row) => isRole(row.role) && can(row.role, 'approvals:decide') && ofClient.has(row.id));
}

/**
 * In-app (the bell) when the person's preferences take in-app notices, and email through the outbox
 * when they take email: the message is claimed under (user, rule, batch), so it is recorded once, and the worker's
 * send-mail sweep delivers claimed messages (lib/server/jobs/definitions.ts, notify).
 */
async function tell(
  to: { id: string; email: string },
  message: { rule: string; batchId: string; connection: string; title: string; body: string; href: string },
): Promise<void> {
  const db = await getDb();
  try {
    const preferences = await readPreferences(db, to.id);
    const key = { userId: to.id, rule: message.rule, subjectKey: message.batchId };
    if (preferences.channels.inApp) {
      const { connection, title, body, href } = message;
      await addNotification(db, { ...key, connection, title, body, href });
    }
    if (preferences.channels.email) {
      await claimMessage(db, {
        ...key,
        connections: [message.connection],
        recipient: to.email,
        message: composeApproval(publicBaseUrl(), {
          subject: message.title,
          intro: message.body,
          href: message.href,
          linkText: 'Open the batch',
        }),
      });
    }
  } catch (error) {
    // A notification that fails does not undo the submission: the approvals list still shows it.
    logger.error(
      { err: error, batchId: message.batchId, rule: message.rule },
      'approval notification failed',
    );
  }
}

/** After a batch was claimed as awaiting approval: audited, and every approver but its author told. */
export async function submittedForApproval(input: {
  batchId: string;
  connection: string;
  actor: Viewer;
  entries: readonly DraftEntry[];
  reasons: readonly ApprovalReason[];
  requestId: string;
}): Promise<void> {
  const { batchId, actor, entries, reasons } = input;
  await auditSuccess(
    actor,
    'approvals.submit',
    batchId,
    input.requestId,
    { events: entries.length, reasons: reasons.map((reason) => reason.kind) },
    input.connection,
  );
  const nameOf = (eventId: string) => {
    const entry = entries.find((candidate) => candidate.eventId === eventId);
    return entry ? patentName(entry) : eventId;
  };
  const why = reasons.map((reason) => describeApprovalReason(reason, nameOf)).join(' ');
  for (const approver of await approvers(actor.userId, input.connection)) {
    await tell(approver, {
      rule: 'approval_requested',
      batchId,
      connection: input.connection,
      title: `${actor.email} asks you to approve ${plural(entries.length, 'decision')}`,
      body: why,
      href: approvalHref(batchId),
    });
  }
}

/** Tells the preparer what an approver decided on their batch. */
export async function notifyPreparer(
  batch: BatchView,
  message: { rule: 'approval_approved' | 'approval_returned'; title: string; body: string },
): Promise<void> {
  if (!batch.createdByUserId || !batch.createdByEmail) return;
  await tell(
    { id: batch.createdByUserId, email: batch.createdByEmail },
    {
      ...message,
      batchId: batch.id,
      connection: batch.connection,
      href: message.rule === 'approval_returned' ? '/renewals/review' : `/renewals/batches/${batch.id}`,
    },
  );
}

/**
 * Sends a waiting batch back with the approver's reason: nothing is sent, the decisions return to
 * the preparer's draft (./batch-machine.ts, returnBatch), the preparer is told. Only a manager other
 * than the preparer; once only (a compare-and-set: after an approval it is too late).
 */
export async function sendBack(
  approver: Viewer,
  batchId: string,
  reason: string,
  requestId: string,
): Promise<BatchView> {
  const batch = await batchView(batchId);
  if (!batch) throw new ApprovalError(404, 'not_found', 'No such batch.');
  if (batch.createdByUserId === approver.userId) {
    throw new ApprovalError(403, 'own_batch', 'You prepared this batch; to change it, edit your draft.');
  }
  const moved =
    batch.state === S.awaitingApproval &&
    (await returnBatch(batchId, approver, { reason, eventIds: batch.items.map((item) => item.eventId) }));
  if (!moved) {
    throw new ApprovalError(
      409,
      'already_decided',
      'This batch is no longer awaiting approval: another manager approved or sent it back first.',
    );
  }
  await auditSuccess(
    approver,
    'approvals.return',
    batchId,
    requestId,
    { preparedBy: batch.createdByEmail, events: batch.eventCount, reason },
    batch.connection,
  );
  await notifyPreparer(batch, {
    rule: 'approval_returned',
    title: 'Your batch was sent back',
    body: `${approver.email} sent back your ${plural(batch.eventCount, 'decision')}: ${reason}`,
  });
  return (await batchView(batchId)) as BatchView;
}

export interface AwaitingApproval {
  batch: BatchView;
  /** Event ids whose due date passed while the batch waited. */
  overdue: string[];
}

/** Every batch of these clients awaiting approval, oldest first: what the approvers' list shows. */
export async function listAwaitingApproval(connections: readonly string[]): Promise<AwaitingApproval[]> {
  if (connections.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: instructionBatch.id })
    .from(instructionBatch)
    .where(
      and(
        eq(instructionBatch.state, S.awaitingApproval),
        inArray(instructionBatch.connection, [...connections]),
      ),
    )
    .orderBy(asc(instructionBatch.createdAt))
    .limit(200);
  const today = calendarToday();
  const batches = await Promise.all(rows.map((row) => batchView(row.id)));
  return batches.flatMap((batch) => (batch ? [{ batch, overdue: deadlinesPassed(batch, today) }] : []));
}
