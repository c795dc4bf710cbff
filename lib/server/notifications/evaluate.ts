import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db';
import { instructionBatch, mailMessage, notification, upstreamChange, user } from '../../db/schema';
import type { NotificationPreferences } from '../../notifications/preferences';
import { dueDigest, dueReminders } from '../../notifications/rules';
import { can, isRole, type Role } from '../../policy/roles';
import { patentName } from '../../portfolio/patent-name';
import type { RenewalRow } from '../../renewals/rows';
import { bucketRenewals } from '../../today/buckets';
import { calendarToday } from '../../today/calendar';
import {
  type ComposedMessage,
  composeBatchUnknown,
  composeDigest,
  composeReminder,
  composeUnprocessable,
} from './compose';
import { addNotification } from './in-app';
import { claimMessage } from './mail';
import { preferencesByDefault, readAllPreferences } from './preferences';
import { publicBaseUrl } from './public-url';
import { readWatchedRows } from './watch-store';

/**
 * The notify job: every rule for every active user, from what the last poll recorded (no upstream
 * call). Each message is claimed under (user, rule, subject) before anything is sent, so running
 * this twice, after a restart or on two instances at once, adds nothing the first run added.
 * Returns the ids of the emails it claimed, for the send-mail job.
 */
export interface EvaluationResult {
  notifications: number;
  messages: string[];
}

/** An UNPROCESSABLE status older than this when first seen is history, not an alert. */
const UNPROCESSABLE_FRESH_DAYS = 14;
/** A batch still unknown after this long is worth an alert (reconciliation runs every 10 minutes). */
const BATCH_UNKNOWN_AFTER_MS = 30 * 60_000;
const KNOWN_KEYS_DAYS = 400;

function label(row: RenewalRow): string {
  return `${patentName(row)}${row.office ? ` (${row.office})` : ''}`;
}

/**
 * Keys already taken, read once per run so a run that finds nothing new makes no insert per rule
 * and user (the notify job runs every 5 minutes). Only an optimisation: the unique keys decide.
 * A renewal's reminders all fall within about 13 months, so older keys need not be read.
 */
async function sentKeys(db: Database, now: Date): Promise<{ notifications: Set<string>; mail: Set<string> }> {
  const since = new Date(now.getTime() - KNOWN_KEYS_DAYS * 86_400_000);
  const [notifications, mail] = await Promise.all([
    db
      .select({ userId: notification.userId, rule: notification.rule, subjectKey: notification.subjectKey })
      .from(notification)
      .where(gt(notification.createdAt, since)),
    db
      .select({ userId: mailMessage.userId, rule: mailMessage.rule, subjectKey: mailMessage.subjectKey })
      .from(mailMessage)
      .where(gt(mailMessage.createdAt, since)),
  ]);
  const keyOf = (row: { userId: string | null; rule: string; subjectKey: string }) =>
    `${row.userId}|${row.rule}|${row.subjectKey}`;
  return { notifications: new Set(notifications.map(keyOf)), mail: new Set(mail.map(keyOf)) };
}

export async function evaluateNotifications(db: Database, options: { now: Date }): Promise<EvaluationResult> {
  const { now } = options;
  const today = calendarToday(now);
  const baseUrl = publicBaseUrl();
  const [users, preferences, watched, unknownBatches] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(isNull(user.deactivatedAt)),
    readAllPreferences(db),
    readWatchedRows(db),
    db
      .select()
      .from(instructionBatch)
      .where(
        and(
          eq(instructionBatch.state, 'outcome_unknown'),
          lt(instructionBatch.createdAt, new Date(now.getTime() - BATCH_UNKNOWN_AFTER_MS)),
        ),
      ),
  ]);
  const buckets = bucketRenewals(watched.rows, today);
  const newInvoices = (
    await db
      .select()
      .from(upstreamChange)
      .where(
        and(
          eq(upstreamChange.kind, 'new-invoice'),
          gt(upstreamChange.observedAt, new Date(now.getTime() - 7 * 86_400_000)),
        ),
      )
  )
    .filter((change) => change.detail.baseline !== true)
    .map((change) => ({
      id: change.subjectKey,
      reference: typeof change.detail.reference === 'string' ? change.detail.reference : change.subjectKey,
      observedAt: change.observedAt,
    }));
  const freshFrom = new Date(now.getTime() - UNPROCESSABLE_FRESH_DAYS * 86_400_000).toISOString();
  const unprocessable = watched.rows.filter(
    (row) =>
      row.processingStatus === 'UNPROCESSABLE' &&
      (row.processingStatusUpdatedAt === null || row.processingStatusUpdatedAt >= freshFrom),
  );

  const known = await sentKeys(db, now);
  const result: EvaluationResult = { notifications: 0, messages: [] };
  for (const account of users) {
    if (!isRole(account.role)) continue;
    const role: Role = account.role;
    const prefs: NotificationPreferences = preferences.get(account.id) ?? preferencesByDefault();
    // Composed only when one of the user's channels has not had it yet.
    const send = async (rule: string, subjectKey: string, compose: () => ComposedMessage) => {
      const key = `${account.id}|${rule}|${subjectKey}`;
      const inApp = prefs.channels.inApp && !known.notifications.has(key);
      const email = prefs.channels.email && !known.mail.has(key);
      if (!inApp && !email) return;
      const message = compose();
      if (inApp) {
        const added = await addNotification(
          db,
          {
            userId: account.id,
            rule,
            subjectKey,
            title: message.subject,
            body: message.summary,
            href: message.href,
          },
          now,
        );
        if (added) result.notifications += 1;
      }
      if (email) {
        const id = await claimMessage(db, {
          userId: account.id,
          recipient: account.email,
          rule,
          subjectKey,
          message,
        });
        if (id) result.messages.push(id);
      }
    };

    if (can(role, 'renewals:read') && watched.polledAt) {
      const digest = dueDigest(prefs, now);
      // Each role's Today: the renewal buckets for those who decide, new invoices for finance.
      const digestBuckets = can(role, 'decisions:write') ? buckets : [];
      const days = prefs.digest.frequency === 'weekly' ? 7 : 1;
      const invoices = can(role, 'invoices:read')
        ? newInvoices.filter((invoice) => invoice.observedAt.getTime() > now.getTime() - days * 86_400_000)
        : [];
      if (digest && (digestBuckets.some((bucket) => bucket.items.length > 0) || invoices.length > 0)) {
        await send(digest.rule, digest.subjectKey, () =>
          composeDigest(baseUrl, {
            frequency: prefs.digest.frequency === 'weekly' ? 'weekly' : 'daily',
            localDate: digest.subjectKey,
            buckets: digestBuckets,
            newInvoices: invoices,
            today,
            polledAt: watched.polledAt,
          }),
        );
      }
    }
    if (can(role, 'decisions:write')) {
      for (const reminder of dueReminders(buckets, prefs, today)) {
        await send(reminder.rule, reminder.subjectKey, () =>
          composeReminder(baseUrl, {
            kind: reminder.kind,
            offset: reminder.offset,
            item: reminder.item,
            today,
          }),
        );
      }
    }
    if (can(role, 'tracking:read') && prefs.alerts.unprocessable) {
      for (const row of unprocessable) {
        await send('unprocessable', row.eventId, () =>
          composeUnprocessable(baseUrl, {
            eventId: row.eventId,
            patentId: row.patentId,
            label: label(row),
            dueDate: row.dueDate,
            office: row.office,
          }),
        );
      }
    }
    if (can(role, 'decisions:write') && prefs.alerts['batch-unknown']) {
      // The batch's author and every manager: someone who can act on it hears of it.
      for (const batch of unknownBatches) {
        if (batch.createdByUserId !== account.id && role !== 'manager') continue;
        await send('batch-unknown', batch.id, () =>
          composeBatchUnknown(baseUrl, {
            batchId: batch.id,
            decisions: batch.eventCount,
            postedAt: batch.postedAt,
          }),
        );
      }
    }
  }
  return result;
}
