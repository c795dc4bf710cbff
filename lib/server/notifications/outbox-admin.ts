import 'server-only';
import { getDb } from '../../db';
import { auditSuccess, recordAudit } from '../audit/audit';
import type { ClientScope } from '../clients/scope';
import { DomainError } from '../errors/domain-error';
import { runSyncForEveryClient } from '../sync/run';
import { deliverPost } from './channels';
import { evaluateNotifications } from './evaluate';
import { deliverMessage, markUnknownDeliveries, readMessage, type SendAgainResult, sendAgain } from './mail';
import { type PollResult, pollUpstream } from './poll';

/**
 * What an administrator does from the outbox: run the background checks now instead of
 * waiting for the next slot, and send again a message whose delivery is unknown. Both are audited
 * here, with who did it and what came of it.
 */
interface Actor {
  userId: string;
  email: string;
}

export interface BackgroundRunReport {
  poll: { ran: boolean; calls: number; skipped: string | null };
  notifications: number;
  emails: number;
  delivered: number;
  failed: number;
  deliveryUnknown: number;
}

/**
 * The poll and the notify job, one after the other, in this request, and the emails they claimed
 * sent at once. The same modules the worker runs, so the same guarantees: the poll stays within
 * the background budget (a spent budget skips it and the rules run on what the last poll
 * recorded), and every message is claimed once, whoever evaluates first, this run or the worker.
 */
export async function runBackgroundChecksNow(
  actor: Actor,
  requestId: string,
  /**
   * The administrator's clients: only their copies are synced and polled, with their keys, so a
   * run spends no quota of a client the administrator does not work for (spec: Authentication 1,
   * Limits 2, one quota per key).
   */
  connections: readonly string[],
  now = new Date(),
): Promise<BackgroundRunReport> {
  const db = await getDb();
  // The reminders read the synced copy: "now" means the sync's due months first (within its
  // share of the quota), then the poll over what the copy holds.
  const synced = Object.values(await runSyncForEveryClient(db, { now, requestId, only: connections }));
  const syncCalls = synced.reduce((sum, run) => sum + run.calls, 0);
  const polled: PollResult = await pollUpstream(db, { now, requestId, only: connections });
  const poll: PollResult = polled.ran ? { ...polled, calls: polled.calls + syncCalls } : polled;
  const evaluated = await evaluateNotifications(db, { now });
  let delivered = 0;
  let failed = 0;
  for (const id of evaluated.messages) {
    try {
      if ((await deliverMessage(db, id, now)) === 'sent') delivered += 1;
    } catch {
      // Recorded on the row (failed, with its error); the outbox shows it.
      failed += 1;
    }
  }
  for (const id of evaluated.posts) {
    // A failed post is recorded on its row; the worker's send-chat retries are for the queue.
    await deliverPost(db, id, now).catch(() => undefined);
  }
  const unknown = await markUnknownDeliveries(db);
  const report: BackgroundRunReport = {
    poll: {
      ran: poll.ran,
      calls: poll.ran ? poll.calls : 0,
      skipped: poll.ran ? null : poll.decision.ok ? null : poll.decision.reason,
    },
    notifications: evaluated.notifications,
    emails: evaluated.messages.length,
    delivered,
    failed,
    deliveryUnknown: unknown.length,
  };
  await auditSuccess(actor, 'background.run_now', null, requestId, {
    pollCalls: report.poll.calls,
    pollSkipped: report.poll.skipped,
    notifications: report.notifications,
    emails: report.emails,
    failed,
  });
  return report;
}

/** "Send again" on one message; refused (409) unless its delivery is unknown or it failed. */
export async function sendMessageAgain(
  messageId: string,
  actor: Actor,
  requestId: string,
  /** The administrator's clients: a message they may not read does not exist for them (404). */
  scope: ClientScope,
): Promise<SendAgainResult> {
  const db = await getDb();
  const result: SendAgainResult = (await readMessage(db, messageId, scope))
    ? await sendAgain(db, messageId)
    : { ok: false, reason: 'missing', status: null };
  await recordAudit({
    actor,
    action: 'outbox.send_again',
    target: messageId,
    outcome: result.ok && result.status === 'sent' ? 'success' : 'failure',
    requestId,
    details: result.ok
      ? { previousStatus: result.previousStatus, status: result.status }
      : { reason: result.reason, status: result.status },
  });
  return result;
}

/**
 * The refusal of a "send again", for the route to throw: 404 for no such message, 409 for one not
 * to be sent again (sendMessageAgain has audited it).
 */
export function sendAgainRefusal(result: Extract<SendAgainResult, { ok: false }>): DomainError {
  return result.reason === 'missing'
    ? new DomainError({
        status: 404,
        code: 'message_not_found',
        title: 'No such message',
        detail: 'The outbox has no message with this id.',
        auditedByFeature: true,
      })
    : new DomainError({
        status: 409,
        code: 'message_not_resendable',
        title: 'This message is not sent again',
        detail: `Only a message whose delivery is unknown, or that failed, can be sent again; this one is ${result.status}.`,
        auditedByFeature: true,
      });
}
