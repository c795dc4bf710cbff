import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, gte, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db';
import {
  decisionDraft,
  instructionBatch,
  instructionBatchItem,
  mailMessage,
  notification,
  reminderTold,
  upstreamChange,
  user,
} from '../../db/schema';
import { getEnv } from '../../env';
import { addDays, calendarToday } from '../../format/dates';
import { logger } from '../../log';
import {
  inQuietHours,
  type NotificationPreferences,
  URGENT_LAPSE_DAYS,
} from '../../notifications/preferences';
import { dueDigest, isTimeZone, localTime } from '../../notifications/rules';
import { can, isRole, type Role } from '../../policy/roles';
import { bucketRenewals, type TodayBucket } from '../../today/buckets';
import { overdueNotice, reviewReminders, reviewSections } from '../reviews/reminders';
import { claimChatPosts } from './channels';
import {
  byUrgency,
  type ComposedMessage,
  composeBatchUnknown,
  composeDigest,
  composeGroup,
  groupSection,
  REMINDER_CLASS_TEXT,
} from './compose';
import {
  batchCandidate,
  type Candidate,
  classCandidates,
  classLink,
  reminderCandidate,
  unprocessableCandidate,
} from './groups';
import { addNotification } from './in-app';
import { claimMessage } from './mail';
import { preferencesByDefault, readAllPreferences } from './preferences';
import { publicBaseUrl } from './public-url';
import { type UnsubscribeClass, unsubscribePath } from './unsubscribe';
import { readWatchedRows } from './watch-store';

/**
 * The notify job: every rule for every active user, from what the last poll recorded (no upstream
 * call). A run sends each person at most one message per class (about to lapse; due soon; needs
 * attention; for managers the escalation), each listing what is new to them, most urgent first.
 * What a message told is recorded per renewal in `reminder_told` in the same transaction as the
 * message is claimed, so the next run, a restart or a second instance never tells it again.
 * Returns the ids of the emails and chat posts it claimed, for the send jobs.
 */
export interface EvaluationResult {
  notifications: number;
  messages: string[];
  posts: string[];
}

/** An UNPROCESSABLE status older than this when first seen is history, not an alert. */
const UNPROCESSABLE_FRESH_DAYS = 14;
/** A batch still unknown after this long is worth an alert (reconciliation runs every 10 minutes). */
const BATCH_UNKNOWN_AFTER_MS = 30 * 60_000;
const KNOWN_KEYS_DAYS = 400;
/** A renewal is escalated once it was shown to someone at least this long ago and still waits. */
const ESCALATE_AFTER_SHOWN_MS = 24 * 3_600_000;

function digestOf(keys: readonly string[]): string {
  return createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 24);
}

function host(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname || 'annuity-console';
  } catch {
    return 'annuity-console';
  }
}

/** The Message-ID of the message `messageKey` sent to `audience` (stable: threads need no lookup). */
function messageIdFor(baseUrl: string, audience: string, messageKey: string): string {
  return `<${digestOf([audience, messageKey])}@${host(baseUrl)}>`;
}

/** What each audience was told, read once per run. */
interface Ledger {
  /** `${audience}|${rule}|${subject}` */
  keys: Set<string>;
  /** audience → subject → [messageKey, toldAt][] oldest first */
  bySubject: Map<string, Map<string, { messageKey: string; toldAt: Date }[]>>;
}

async function readLedger(db: Database, now: Date): Promise<Ledger> {
  const since = new Date(now.getTime() - KNOWN_KEYS_DAYS * 86_400_000);
  const rows = await db
    .select()
    .from(reminderTold)
    .where(gt(reminderTold.toldAt, since))
    .orderBy(reminderTold.toldAt);
  const ledger: Ledger = { keys: new Set(), bySubject: new Map() };
  for (const row of rows)
    remember(ledger, row.audience, row.rule, row.subjectKey, row.messageKey, row.toldAt);
  return ledger;
}

function remember(
  ledger: Ledger,
  audience: string,
  rule: string,
  subjectKey: string,
  messageKey: string,
  toldAt: Date,
): void {
  ledger.keys.add(`${audience}|${rule}|${subjectKey}`);
  let subjects = ledger.bySubject.get(audience);
  if (!subjects) {
    subjects = new Map();
    ledger.bySubject.set(audience, subjects);
  }
  const list = subjects.get(subjectKey) ?? [];
  list.push({ messageKey, toldAt });
  subjects.set(subjectKey, list);
}

class NothingToTell extends Error {}

/** The one-click link, or null when no AUTH_SECRET signs it (the message then goes without). */
function unsubscribeUrl(baseUrl: string, userId: string, cls: UnsubscribeClass): string | null {
  try {
    return new URL(unsubscribePath(userId, cls), baseUrl).toString();
  } catch {
    return null;
  }
}

/**
 * Claims one grouped message for one person: the ledger rows of its renewals and the message (email
 * and/or in-app) in one transaction. Only renewals whose ledger row this call inserted are in the
 * message (another instance may have told the rest); the transaction rolls back when the message's
 * own key was taken, so a renewal is never recorded as told in a message that was not sent.
 */
async function tellPerson(
  db: Database,
  input: {
    baseUrl: string;
    audience: string;
    account: { id: string; email: string };
    prefs: NotificationPreferences;
    /** The message's rule (its class, or the digest's rule). */
    rule: string;
    /** The message's subject key; by default a digest of what it tells. */
    subjectKey?: string;
    candidates: readonly Candidate[];
    /** When the message goes out even with no candidate (a digest). */
    standalone?: boolean;
    unsubscribe: UnsubscribeClass;
    compose: (claimed: readonly Candidate[]) => ComposedMessage;
    ledger: Ledger;
    now: Date;
  },
): Promise<{ messageId: string | null; notified: boolean } | null> {
  const { audience, account, prefs, now, ledger } = input;
  if (!prefs.channels.email && !prefs.channels.inApp) return null;
  const keys = input.candidates.map((candidate) => `${candidate.rule}|${candidate.subjectKey}`).sort();
  if (keys.length === 0 && !input.standalone) return null;
  const subjectKey = input.subjectKey ?? digestOf(keys);
  const messageKey = `${input.rule}:${subjectKey}`;
  try {
    return await db.transaction(async (tx) => {
      let claimed = input.candidates;
      if (input.candidates.length > 0) {
        const inserted = await tx
          .insert(reminderTold)
          .values(
            input.candidates.map((candidate) => ({
              audience,
              rule: candidate.rule,
              subjectKey: candidate.subjectKey,
              messageKey,
              toldAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ rule: reminderTold.rule, subjectKey: reminderTold.subjectKey });
        const got = new Set(inserted.map((row) => `${row.rule}|${row.subjectKey}`));
        claimed = input.candidates.filter((candidate) =>
          got.has(`${candidate.rule}|${candidate.subjectKey}`),
        );
        if (claimed.length === 0 && !input.standalone) throw new NothingToTell();
      }
      const message = input.compose(claimed);
      // Threads per renewal (RFC 5322 3.6.4): this message replies to the last one that told this
      // person of its most urgent renewal, and references those of every renewal it lists.
      const previous = [...claimed]
        .sort((a, b) => byUrgency(a.item, b.item))
        .map((candidate) => ledger.bySubject.get(audience)?.get(candidate.subjectKey)?.at(-1)?.messageKey)
        .filter((key): key is string => key !== undefined && key !== messageKey)
        .map((key) => messageIdFor(input.baseUrl, audience, key));
      const references = [...new Set(previous)].slice(0, 20);
      const unsubscribe = unsubscribeUrl(input.baseUrl, account.id, input.unsubscribe);
      const headers: Record<string, string> = {
        'Message-ID': messageIdFor(input.baseUrl, audience, messageKey),
        ...(references[0] ? { 'In-Reply-To': references[0], References: references.join(' ') } : {}),
        // RFC 8058: one click from any message turns this kind of message off.
        ...(unsubscribe
          ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {}),
      };
      let notified = false;
      if (prefs.channels.inApp)
        notified = await addNotification(
          tx as unknown as Database,
          {
            userId: account.id,
            rule: input.rule,
            subjectKey,
            title: message.subject,
            body: message.summary,
            href: message.href,
          },
          now,
        );
      let messageId: string | null = null;
      if (prefs.channels.email) {
        messageId = await claimMessage(tx as unknown as Database, {
          userId: account.id,
          recipient: account.email,
          rule: input.rule,
          subjectKey,
          message,
          headers,
        });
        if (!messageId) throw new NothingToTell();
      } else if (!notified) throw new NothingToTell();
      for (const candidate of claimed)
        remember(ledger, audience, candidate.rule, candidate.subjectKey, messageKey, now);
      return { messageId, notified };
    });
  } catch (error) {
    if (error instanceof NothingToTell) return null;
    throw error;
  }
}

/** Renewals someone put in a draft or an open batch: being dealt with, not escalated. */
async function renewalsInHand(db: Database): Promise<Set<string>> {
  const [drafts, batched] = await Promise.all([
    db.select({ entries: decisionDraft.entries }).from(decisionDraft),
    db
      .select({ eventId: instructionBatchItem.eventId })
      .from(instructionBatchItem)
      .innerJoin(instructionBatch, eq(instructionBatch.id, instructionBatchItem.batchId))
      .where(notInArray(instructionBatch.state, ['rejected', 'returned'])),
  ]);
  const held = new Set(batched.map((row) => row.eventId));
  for (const draft of drafts)
    for (const entry of draft.entries ?? []) {
      const eventId = (entry as { eventId?: unknown }).eventId;
      if (typeof eventId === 'string') held.add(eventId);
    }
  return held;
}

/**
 * Messages told to an audience since the start of its local day (for the daily cap): the grouped
 * messages its ledger rows name (on the worker's clock), the digest counted once by its date.
 */
function sentToday(ledger: Ledger, audience: string, now: Date, zone: string, digestToday: boolean): number {
  const today = localTime(now, zone).date;
  const keys = new Set<string>();
  for (const entries of ledger.bySubject.get(audience)?.values() ?? [])
    for (const entry of entries)
      if (!entry.messageKey.startsWith('digest-') && localTime(entry.toldAt, zone).date === today)
        keys.add(entry.messageKey);
  return keys.size + (digestToday ? 1 : 0);
}

function zoneOf(prefs: NotificationPreferences): string {
  return isTimeZone(prefs.timeZone) ? prefs.timeZone : 'UTC';
}

export async function evaluateNotifications(db: Database, options: { now: Date }): Promise<EvaluationResult> {
  const { now } = options;
  const today = calendarToday(now);
  const baseUrl = publicBaseUrl();
  const [users, preferences, watched, unknownBatches, ledger] = await Promise.all([
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
    readLedger(db, now),
  ]);
  const prefsOf = (userId: string) => preferences.get(userId) ?? preferencesByDefault();
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
  const unprocessable = watched.rows
    .filter(
      (row) =>
        row.processingStatus === 'UNPROCESSABLE' &&
        (row.processingStatusUpdatedAt === null || row.processingStatusUpdatedAt >= freshFrom),
    )
    .map((row) => unprocessableCandidate(row, today));
  const batchCandidates = unknownBatches.map((batch) => ({ batch, candidate: batchCandidate(batch) }));
  // Digests are keyed by their local date: those of the last days, whatever the worker's clock.
  const digestSent = await db
    .select({ userId: mailMessage.userId, rule: mailMessage.rule, subjectKey: mailMessage.subjectKey })
    .from(mailMessage)
    .where(
      and(
        inArray(mailMessage.rule, ['digest-daily', 'digest-weekly']),
        gte(mailMessage.subjectKey, addDays(today, -2)),
      ),
    );
  const digestTaken = new Set(digestSent.map((row) => `${row.userId}|${row.rule}|${row.subjectKey}`));
  const digestNotified = new Set(
    (
      await db
        .select({ userId: notification.userId, rule: notification.rule, subjectKey: notification.subjectKey })
        .from(notification)
        .where(
          and(
            inArray(notification.rule, ['digest-daily', 'digest-weekly']),
            gte(notification.subjectKey, addDays(today, -2)),
          ),
        )
    ).map((row) => `${row.userId}|${row.rule}|${row.subjectKey}`),
  );

  const result: EvaluationResult = { notifications: 0, messages: [], posts: [] };
  const count = (told: { messageId: string | null; notified: boolean } | null) => {
    if (!told) return false;
    if (told.notified) result.notifications += 1;
    if (told.messageId) result.messages.push(told.messageId);
    return true;
  };

  // Review holds: each owner's ride in their digest; those just overdue are told to the managers
  // once (in-app now, and listed in their digest), never one email per hold.
  // A failure here (the holds' table unreadable) never stops the renewals' own reminders.
  const reviews = await reviewReminders(now).catch((error: unknown) => {
    logger.error({ err: error }, 'review holds could not be evaluated for reminders');
    return { open: [], newlyOverdue: [] };
  });
  if (reviews.newlyOverdue.length > 0) {
    const notice = overdueNotice(reviews.newlyOverdue);
    const subjectKey = digestOf(reviews.newlyOverdue.map((hold) => hold.id).sort());
    for (const account of users) {
      if (account.role !== 'manager' || !prefsOf(account.id).channels.inApp) continue;
      const added = await addNotification(
        db,
        { userId: account.id, rule: 'review-overdue', subjectKey, ...notice },
        now,
      );
      if (added) result.notifications += 1;
    }
  }

  for (const account of users) {
    if (!isRole(account.role)) continue;
    const role: Role = account.role;
    const prefs = prefsOf(account.id);
    const audience = `user:${account.id}`;
    const isNew = (candidate: Candidate) =>
      !ledger.keys.has(`${audience}|${candidate.rule}|${candidate.subjectKey}`);
    const zone = zoneOf(prefs);
    const quiet = inQuietHours(localTime(now, zone).hour, prefs.quietHours);
    // The daily cap counts emails; in-app only, nothing is capped (the bell is not an inbox).
    const digestToday = ['digest-daily', 'digest-weekly'].some((rule) =>
      digestTaken.has(`${account.id}|${rule}|${localTime(now, zone).date}`),
    );
    let room =
      prefs.dailyCap === 0 || !prefs.channels.email
        ? Number.POSITIVE_INFINITY
        : prefs.dailyCap - sentToday(ledger, audience, now, zone, digestToday);
    const urgent = (candidate: Candidate) =>
      candidate.item.daysLeft !== null && candidate.item.daysLeft <= URGENT_LAPSE_DAYS;
    const common = { baseUrl, audience, account, prefs, ledger, now };

    const own = can(role, 'decisions:write')
      ? classCandidates(buckets, prefs, today)
      : { lapse: [], due: [] };

    // 1. About to lapse: urgent ones go out even in quiet hours and over the cap.
    let lapse = own.lapse.filter(isNew);
    if (quiet || room <= 0) lapse = lapse.filter(urgent);
    if (lapse.length > 0) {
      const told = await tellPerson(db, {
        ...common,
        rule: 'lapse',
        candidates: lapse,
        unsubscribe: 'lapse',
        compose: (claimed) =>
          composeGroup(baseUrl, {
            cls: 'lapse',
            items: claimed.map((c) => c.item),
            all: classLink('lapse', claimed),
          }),
      });
      if (count(told)) room -= 1;
    }
    if (quiet) continue;

    // 2. Needs attention: UNPROCESSABLE for those who track, unknown batches for their author
    // and every manager (someone who can act on it hears of it).
    const attention = [
      ...(can(role, 'tracking:read') && prefs.alerts.unprocessable ? unprocessable : []),
      ...(can(role, 'decisions:write') && prefs.alerts['batch-unknown']
        ? batchCandidates
            .filter(({ batch }) => batch.createdByUserId === account.id || role === 'manager')
            .map(({ candidate }) => candidate)
        : []),
    ].filter(isNew);
    if (attention.length > 0 && room > 0) {
      const told = await tellPerson(db, {
        ...common,
        rule: 'attention',
        candidates: attention,
        unsubscribe: 'attention',
        compose: (claimed) =>
          claimed.length === 1 && claimed[0]?.item.batch
            ? composeBatchUnknown(baseUrl, {
                batchId: claimed[0].subjectKey,
                decisions:
                  unknownBatches.find((batch) => batch.id === claimed[0]?.subjectKey)?.eventCount ?? 0,
                postedAt:
                  unknownBatches.find((batch) => batch.id === claimed[0]?.subjectKey)?.postedAt ?? null,
              })
            : composeGroup(baseUrl, {
                cls: 'attention',
                items: claimed.map((c) => c.item),
                all: classLink('attention', claimed),
              }),
      });
      if (count(told)) room -= 1;
    }

    // 3. Due soon, or the digest when it falls due: the due-soon reminders then lead the digest
    // (one message, not two), and the digest lists only what the alerts have not already said.
    const due = own.due.filter(isNew);
    const digest = can(role, 'renewals:read') && watched.polledAt ? dueDigest(prefs, now) : null;
    const digestKey = digest ? `${account.id}|${digest.rule}|${digest.subjectKey}` : '';
    const digestOpen =
      digest !== null && !(prefs.channels.email ? digestTaken.has(digestKey) : digestNotified.has(digestKey));
    if (digest && digestOpen && room > 0) {
      const digestBuckets = can(role, 'decisions:write') ? buckets : [];
      const reviewLead = reviewSections(reviews.open, account.id, role);
      const days = prefs.digest.frequency === 'weekly' ? 7 : 1;
      const invoices = can(role, 'invoices:read')
        ? newInvoices.filter((invoice) => invoice.observedAt.getTime() > now.getTime() - days * 86_400_000)
        : [];
      if (
        due.length > 0 ||
        digestBuckets.some((bucket) => bucket.items.length > 0) ||
        invoices.length > 0 ||
        reviewLead.length > 0
      ) {
        const since = now.getTime() - days * 86_400_000;
        const told = await tellPerson(db, {
          ...common,
          rule: digest.rule,
          subjectKey: digest.subjectKey,
          candidates: due,
          standalone: true,
          unsubscribe: 'digest',
          compose: (claimed) => {
            const absorbed = new Set<string>();
            for (const [subject, entries] of ledger.bySubject.get(audience) ?? [])
              if (entries.some((entry) => entry.toldAt.getTime() > since)) absorbed.add(subject);
            // What leads the digest is not listed again in its bucket either.
            for (const c of claimed) absorbed.add(c.subjectKey);
            return composeDigest(baseUrl, {
              frequency: prefs.digest.frequency === 'weekly' ? 'weekly' : 'daily',
              localDate: digest.subjectKey,
              buckets: digestBuckets,
              newInvoices: invoices,
              today,
              polledAt: watched.polledAt,
              absorbed,
              lead: [
                ...(claimed.length > 0
                  ? [
                      groupSection(
                        `${REMINDER_CLASS_TEXT.due.title}: ${claimed.length}`,
                        REMINDER_CLASS_TEXT.due.description,
                        claimed.map((c) => c.item),
                        classLink('due', claimed),
                      ),
                    ]
                  : []),
                ...reviewLead,
              ],
            });
          },
        });
        if (count(told)) room -= 1;
      }
    } else if (due.length > 0 && room > 0) {
      const told = await tellPerson(db, {
        ...common,
        rule: 'due',
        candidates: due,
        unsubscribe: 'due',
        compose: (claimed) =>
          composeGroup(baseUrl, {
            cls: 'due',
            items: claimed.map((c) => c.item),
            all: classLink('due', claimed),
          }),
      });
      if (count(told)) room -= 1;
    }
  }

  await escalate(db, { now, today, baseUrl, buckets, users, prefsOf, ledger, result, count });
  result.posts.push(
    ...(await claimChatPosts(db, {
      now,
      today,
      buckets,
      unprocessable,
      ledger: { has: (key) => ledger.keys.has(key) },
    })),
  );
  return result;
}

/**
 * Escalation: a renewal whose grace period ends within ESCALATION_GRACE_DAYS, that nobody decided
 * or put in a draft or an open batch, although it was shown to someone at least a day ago, is
 * raised once (ledger audience `escalation`) to every manager, naming who it was shown to.
 */
async function escalate(
  db: Database,
  input: {
    now: Date;
    today: string;
    baseUrl: string;
    buckets: readonly TodayBucket[];
    users: readonly { id: string; email: string; role: string }[];
    prefsOf: (userId: string) => NotificationPreferences;
    ledger: Ledger;
    result: EvaluationResult;
    count: (told: { messageId: string | null; notified: boolean } | null) => boolean;
  },
): Promise<void> {
  const { now, ledger } = input;
  const withinDays = getEnv().ESCALATION_GRACE_DAYS;
  const emailOf = new Map(input.users.map((account) => [account.id, account.email]));
  const shownBefore = now.getTime() - ESCALATE_AFTER_SHOWN_MS;
  const lapsing = input.buckets
    .filter((bucket) => bucket.id === 'lapsing-soon' || bucket.id === 'in-grace')
    .flatMap((bucket) => bucket.items)
    .filter((item) => item.daysLeft >= 0 && item.daysLeft <= withinDays)
    .filter((item) => !ledger.keys.has(`escalation|escalation|${item.row.eventId}`));
  if (lapsing.length === 0) return;
  const held = await renewalsInHand(db);
  const candidates: Candidate[] = [];
  for (const item of lapsing) {
    if (held.has(item.row.eventId)) continue;
    const shownTo: string[] = [];
    for (const [audience, subjects] of ledger.bySubject) {
      if (!audience.startsWith('user:')) continue;
      const entries = subjects.get(item.row.eventId);
      if (!entries?.some((entry) => entry.toldAt.getTime() <= shownBefore)) continue;
      const email = emailOf.get(audience.slice('user:'.length));
      if (email) shownTo.push(email);
    }
    if (shownTo.length === 0) continue;
    const candidate = reminderCandidate({
      kind: 'grace',
      rule: 'escalation',
      subjectKey: item.row.eventId,
      offset: 0,
      item,
    });
    candidates.push({
      ...candidate,
      item: { ...candidate.item, note: `Shown to ${shownTo.sort().join(', ')}` },
    });
  }
  if (candidates.length === 0) return;
  const managers = input.users.filter(
    (account) => account.role === 'manager' && input.prefsOf(account.id).escalations,
  );
  if (managers.length === 0) return;
  // Claimed once for everyone: the ledger row under the audience `escalation`; each manager's
  // message is then keyed by what it escalates.
  const messageKey = `escalation:${digestOf(candidates.map((c) => c.subjectKey).sort())}`;
  const inserted = await db
    .insert(reminderTold)
    .values(
      candidates.map((c) => ({
        audience: 'escalation',
        rule: 'escalation',
        subjectKey: c.subjectKey,
        messageKey,
        toldAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ subjectKey: reminderTold.subjectKey });
  const got = new Set(inserted.map((row) => row.subjectKey));
  const claimed = candidates.filter((c) => got.has(c.subjectKey));
  if (claimed.length === 0) return;
  for (const manager of managers) {
    const told = await tellPerson(db, {
      baseUrl: input.baseUrl,
      audience: `user:${manager.id}`,
      account: manager,
      prefs: input.prefsOf(manager.id),
      ledger,
      now,
      rule: 'escalation',
      candidates: claimed,
      unsubscribe: 'escalation',
      compose: (mine) =>
        composeGroup(input.baseUrl, {
          cls: 'escalation',
          items: mine.map((c) => c.item),
          all: classLink('lapse', mine),
        }),
    });
    input.count(told);
  }
}
