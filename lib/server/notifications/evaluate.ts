/**
 * `lib/server/notifications/`: the budgeted background poll and what it records (`poll.ts`,
 * `watch-store.ts`), the reminder and digest evaluation (`evaluate.ts`: per person across all of
 * their clients, at most three grouped messages a run, most urgent first, told renewals kept in
 * `reminder_told`; `groups.ts` what a class lists),
 * message text (`compose.ts`), email and the outbox (`mail.ts`), chat webhook channels
 * (`channels.ts`, tables `chat_channel`/`chat_post`), one-click unsubscribe (`unsubscribe.ts`),
 * the administrator's outbox actions (`outbox-admin.ts`: run the background checks now, send
 * again), in-app notifications, preferences, the calendar feed.
 */
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
import { addDays } from '../../format/dates';
import { logger } from '../../log';
import {
  inQuietHours,
  type NotificationPreferences,
  URGENT_LAPSE_DAYS,
} from '../../notifications/preferences';
import { dueDigest, isTimeZone, localTime } from '../../notifications/rules';
import { can, isRole, type Role } from '../../policy/roles';
import type { ReviewHoldView } from '../../reviews/review-hold';
import { bucketRenewals, type TodayBucket } from '../../today/buckets';
import { unprocessableNow } from '../../today/sections';
import { usersOfClient } from '../clients/scope';
import { activeClients } from '../connection/clients';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { serviceToday } from '../connection/service-day';
import { overdueNotice, reviewReminders, reviewSections } from '../reviews/reminders';
import { claimChatPosts } from './channels';
import {
  byUrgency,
  type ClassGroup,
  type ComposedMessage,
  classSection,
  composeBatchUnknown,
  composeDigest,
  composeGroup,
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
import { readWatchedRows, type WatchedRows } from './watch-store';

/**
 * The notify job: every rule for every active user, from what the last poll recorded (no upstream
 * call). A run sends each person at most one message per class (about to lapse; for managers the
 * escalation; needs attention; due soon or the digest carrying it), in that order, and at most
 * MESSAGES_PER_RUN in all; each lists what is new to them, most urgent first.
 * What a message told is recorded per renewal in `reminder_told` in the same transaction as the
 * message is claimed, so the next run, a restart or a second instance never tells it again.
 * Returns the ids of the emails and chat posts it claimed, for the send jobs.
 *
 * Each renewal, invoice, batch and hold is one client's (spec: Authentication 1, rule 2): a person
 * hears only of the clients they work for (usersOfClient). Messages are grouped per person, not per
 * client: one message per class and run (one digest) whatever the number of their clients, each
 * item labelled with its client when they work for several, the most urgent renewal of any of
 * them first. In-app, a message is one notification too (see tellPerson for its client).
 */
export interface EvaluationResult {
  notifications: number;
  messages: string[];
  posts: string[];
}

/** A batch still unknown after this long is worth an alert (reconciliation runs every 10 minutes). */
const BATCH_UNKNOWN_AFTER_MS = 30 * 60_000;
const KNOWN_KEYS_DAYS = 400;
/** A renewal is escalated once it was shown to someone at least this long ago and still waits. */
const ESCALATE_AFTER_SHOWN_MS = 24 * 3_600_000;
/**
 * A run sends a person at most this many messages, whatever the number of their clients: one per
 * class (about to lapse; escalated; needs attention; due soon or the digest), needs attention
 * riding in the last one when all four would go out.
 */
const MESSAGES_PER_RUN = 3;

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

/**
 * Separated a digest's key from its client (`<date>@<client>`) when a digest about several clients
 * was one notification per client; such rows of the last days still count as that day's digest.
 */
const CLIENT_PART = '@';

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
    /** The client each candidate is about. */
    clientOf: (candidate: Candidate) => string;
    /** The client a message without candidates (a digest) is kept under in-app. */
    client?: string;
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
      const byUrgent = [...claimed].sort((a, b) => byUrgency(a.item, b.item));
      // Threads per renewal (RFC 5322 3.6.4): this message replies to the last one that told this
      // person of its most urgent renewal, and references those of every renewal it lists.
      const previous = byUrgent
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
      if (prefs.channels.inApp) {
        // In-app the message is one notification too, not one per client: it is kept under the
        // client of its most urgent renewal (the one a grouped message's title names; a digest
        // leading with none, under `client`), and the bell shows it when that client is in view.
        // Its title and summary name no other renewal, only count them.
        const lead = byUrgent[0];
        notified = await addNotification(
          tx as unknown as Database,
          {
            connection: lead ? input.clientOf(lead) : (input.client ?? DEFAULT_CONNECTION),
            userId: account.id,
            rule: input.rule,
            subjectKey,
            title: message.subject,
            body: message.summary,
            href: message.href,
          },
          now,
        );
      }
      let messageId: string | null = null;
      if (prefs.channels.email) {
        messageId = await claimMessage(tx as unknown as Database, {
          userId: account.id,
          recipient: account.email,
          rule: input.rule,
          subjectKey,
          message,
          headers,
          connections: [
            ...claimed.map((candidate) => input.clientOf(candidate)),
            ...(input.client ? [input.client] : []),
          ],
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

/** Who hears of which client, and how a person's items are labelled. */
interface Audience {
  /** The clients a user works for, of those active, oldest first. */
  clientsOf: (userId: string) => string[];
  /** The client's name for a label. */
  nameOf: (connection: string) => string;
}

async function readAudience(clients: readonly { id: string; name: string }[]): Promise<Audience> {
  const heard = await Promise.all(clients.map(async (client) => usersOfClient(client.id)));
  const names = new Map(clients.map((client) => [client.id, client.name]));
  return {
    clientsOf: (userId) => clients.filter((_, index) => heard[index]?.has(userId)).map((client) => client.id),
    nameOf: (connection) => names.get(connection) ?? connection,
  };
}

/** The oldest read by the copy among these watched renewals (other subjects have none): a message's age. */
function oldestRead(watched: WatchedRows, eventIds: readonly string[]): Date | null {
  return eventIds.reduce<Date | null>((oldest, eventId) => {
    const at = watched.readAt.get(eventId);
    return at && (!oldest || at < oldest) ? at : oldest;
  }, null);
}

/** The candidate with its client named on its item (for whom works for several clients). */
function withClient(candidate: Candidate, client: string): Candidate {
  return { ...candidate, item: { ...candidate.item, client } };
}

/**
 * A review hold's client. Holds are the default client's until they say otherwise (their view has
 * no client yet); the rule is the same as for every row: a user hears of their clients' only.
 */
function holdClient(hold: ReviewHoldView): string {
  const { connection } = hold as ReviewHoldView & { connection?: string };
  return connection ?? DEFAULT_CONNECTION;
}

export async function evaluateNotifications(db: Database, options: { now: Date }): Promise<EvaluationResult> {
  const { now } = options;
  const baseUrl = publicBaseUrl();
  const clients = await activeClients();
  const connections = clients.map((client) => client.id);
  // Days left and buckets on the service's day, as Today counts them (spec: Limits 2, its midnight).
  const today = await serviceToday(now, connections);
  const [users, preferences, watched, unknownBatches, ledger, audience] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(isNull(user.deactivatedAt)),
    readAllPreferences(db),
    readWatchedRows(db, connections),
    connections.length === 0
      ? []
      : db
          .select()
          .from(instructionBatch)
          .where(
            and(
              inArray(instructionBatch.connection, connections),
              eq(instructionBatch.state, 'outcome_unknown'),
              lt(instructionBatch.createdAt, new Date(now.getTime() - BATCH_UNKNOWN_AFTER_MS)),
            ),
          ),
    readLedger(db, now),
    readAudience(clients),
  ]);
  const prefsOf = (userId: string) => preferences.get(userId) ?? preferencesByDefault();
  const batchClient = new Map(unknownBatches.map((batch) => [batch.id, batch.connection]));
  const clientOf = (candidate: Candidate) =>
    (candidate.item.batch
      ? batchClient.get(candidate.subjectKey)
      : watched.clientOf.get(candidate.subjectKey)) ?? DEFAULT_CONNECTION;
  const buckets = bucketRenewals(watched.rows, today);
  const bucketsOf = clientBuckets(watched, today, buckets);
  const newInvoices = (
    connections.length === 0
      ? []
      : await db
          .select()
          .from(upstreamChange)
          .where(
            and(
              inArray(upstreamChange.connection, connections),
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
      connection: change.connection,
    }));
  // The renewals Today lists as unprocessable, by the same rule (an older status is history).
  const unprocessable = unprocessableNow(watched.rows, now).map((row) => unprocessableCandidate(row, today));
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
  // A digest about several clients is one notification per client, keyed `<date>@<client>`.
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
    ).map((row) => `${row.userId}|${row.rule}|${row.subjectKey.split(CLIENT_PART)[0]}`),
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
    for (const account of users) {
      if (account.role !== 'manager' || !prefsOf(account.id).channels.inApp) continue;
      // One notification per client of the manager's, about that client's holds only.
      for (const connection of audience.clientsOf(account.id)) {
        const holds = reviews.newlyOverdue.filter((hold) => holdClient(hold) === connection);
        if (holds.length === 0) continue;
        const added = await addNotification(
          db,
          {
            connection,
            userId: account.id,
            rule: 'review-overdue',
            subjectKey: digestOf(holds.map((hold) => hold.id).sort()),
            ...overdueNotice(holds),
          },
          now,
        );
        if (added) result.notifications += 1;
      }
    }
  }

  const escalations = await claimEscalations(db, {
    now,
    buckets,
    users,
    prefsOf,
    ledger,
    audience,
    clientOf,
  });

  for (const account of users) {
    if (!isRole(account.role)) continue;
    const role: Role = account.role;
    const prefs = prefsOf(account.id);
    const theirs = audience.clientsOf(account.id);
    if (theirs.length === 0) continue;
    const isTheirs = (candidate: Candidate) => theirs.includes(clientOf(candidate));
    // Several clients: every item says whose it is (one client: no label, as before).
    const labelled = theirs.length > 1;
    const label = (candidate: Candidate): Candidate =>
      labelled ? withClient(candidate, audience.nameOf(clientOf(candidate))) : candidate;
    const myBuckets = bucketsOf(theirs);
    const audienceKey = `user:${account.id}`;
    const isNew = (candidate: Candidate) =>
      !ledger.keys.has(`${audienceKey}|${candidate.rule}|${candidate.subjectKey}`);
    const zone = zoneOf(prefs);
    const quiet = inQuietHours(localTime(now, zone).hour, prefs.quietHours);
    // The daily cap counts emails; in-app only, nothing is capped (the bell is not an inbox).
    const digestToday = ['digest-daily', 'digest-weekly'].some((rule) =>
      digestTaken.has(`${account.id}|${rule}|${localTime(now, zone).date}`),
    );
    let room =
      prefs.dailyCap === 0 || !prefs.channels.email
        ? Number.POSITIVE_INFINITY
        : prefs.dailyCap - sentToday(ledger, audienceKey, now, zone, digestToday);
    const urgent = (candidate: Candidate) =>
      candidate.item.daysLeft !== null && candidate.item.daysLeft <= URGENT_LAPSE_DAYS;
    const common = { baseUrl, audience: audienceKey, account, prefs, ledger, now, clientOf };
    const itemsOf = (claimed: readonly Candidate[]) => claimed.map((c) => label(c).item);

    const own = can(role, 'decisions:write')
      ? classCandidates(myBuckets, prefs, today)
      : { lapse: [], due: [] };

    // What the run tells the person goes out most urgent first, in at most MESSAGES_PER_RUN
    // messages across all of their clients: about to lapse, a manager's escalations, needs
    // attention, then due soon (or the digest carrying it). When all four would go out, needs
    // attention rides in the last one instead of a message of its own.
    let messages = 0;
    const sent = (told: { messageId: string | null; notified: boolean } | null) => {
      if (!count(told)) return;
      messages += 1;
      room -= 1;
    };

    /** A message of one class alone, under the class's rule; escalations open the lapsing bucket. */
    const tellClass = async (cls: 'lapse' | 'escalation', candidates: readonly Candidate[]) =>
      sent(
        await tellPerson(db, {
          ...common,
          rule: cls,
          candidates,
          unsubscribe: cls,
          compose: (claimed) =>
            composeGroup(baseUrl, { cls, items: itemsOf(claimed), all: classLink('lapse', claimed) }),
        }),
      );

    // 1. About to lapse: urgent ones go out even in quiet hours and over the cap.
    let lapse = own.lapse.filter(isNew);
    if (quiet || room <= 0) lapse = lapse.filter(urgent);
    if (lapse.length > 0) await tellClass('lapse', lapse);

    // 2. Escalated (managers): claimed once for everyone before the loop, told whatever the hour.
    const escalated =
      role === 'manager' && prefs.escalations ? escalations.filter(isTheirs).filter(isNew) : [];
    if (escalated.length > 0) await tellClass('escalation', escalated);
    if (quiet) continue;

    // 3. Needs attention: UNPROCESSABLE for those who track, unknown batches for their author
    // and every manager (someone who can act on it hears of it).
    const attention = [
      ...(can(role, 'tracking:read') && prefs.alerts.unprocessable ? unprocessable : []),
      ...(can(role, 'decisions:write') && prefs.alerts['batch-unknown']
        ? batchCandidates
            .filter(({ batch }) => batch.createdByUserId === account.id || role === 'manager')
            .map(({ candidate }) => candidate)
        : []),
    ]
      .filter(isTheirs)
      .filter(isNew);

    // 4. Due soon, or the digest when it falls due: the due-soon reminders then lead the digest
    // (one message, not two), and the digest lists only what the alerts have not already said.
    const due = own.due.filter(isNew);
    const digest = can(role, 'renewals:read') && watched.polledAt ? dueDigest(prefs, now) : null;
    const digestKey = digest ? `${account.id}|${digest.rule}|${digest.subjectKey}` : '';
    const digestOpen =
      digest !== null && !(prefs.channels.email ? digestTaken.has(digestKey) : digestNotified.has(digestKey));
    const mayDecide = can(role, 'decisions:write');
    const days = prefs.digest.frequency === 'weekly' ? 7 : 1;
    const since = now.getTime() - days * 86_400_000;
    // What the digest says of some of the person's clients (all of them, or one to find those with news).
    const partOf = (of: readonly string[]) => ({
      buckets: mayDecide ? bucketsOf(of) : [],
      invoices: can(role, 'invoices:read')
        ? newInvoices.filter(
            (invoice) => of.includes(invoice.connection) && invoice.observedAt.getTime() > since,
          )
        : [],
      reviews: reviewSections(
        reviews.open.filter((hold) => of.includes(holdClient(hold))),
        account.id,
        role,
      ),
    });
    const hasNews = (part: ReturnType<typeof partOf>) =>
      part.buckets.some((bucket) => bucket.items.length > 0) ||
      part.invoices.length > 0 ||
      part.reviews.length > 0;
    const whole = digest && digestOpen ? partOf(theirs) : null;
    const digestGoes = whole !== null && (due.length > 0 || hasNews(whole));
    const riding = (digestGoes || due.length > 0) && messages + 2 > MESSAGES_PER_RUN ? attention : [];
    if (attention.length > 0 && riding.length === 0 && room > 0)
      sent(
        await tellPerson(db, {
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
                  items: itemsOf(claimed),
                  all: classLink('attention', claimed),
                }),
        }),
      );
    if (room <= 0) continue;
    // The classes the last message lists: needs attention (when it rides here), then due soon.
    const ridingKeys = new Set(riding.map((candidate) => `${candidate.rule}|${candidate.subjectKey}`));
    const groupsOf = (claimed: readonly Candidate[]): ClassGroup[] => {
      const rides = claimed.filter((c) => ridingKeys.has(`${c.rule}|${c.subjectKey}`));
      const dueSoon = claimed.filter((c) => !ridingKeys.has(`${c.rule}|${c.subjectKey}`));
      return [
        { cls: 'attention' as const, items: itemsOf(rides), all: classLink('attention', rides) },
        { cls: 'due' as const, items: itemsOf(dueSoon), all: classLink('due', dueSoon) },
      ].filter((group) => group.items.length > 0);
    };
    if (digest && whole && digestGoes) {
      sent(
        await tellPerson(db, {
          ...common,
          rule: digest.rule,
          subjectKey: digest.subjectKey,
          candidates: [...riding, ...due],
          standalone: true,
          unsubscribe: 'digest',
          client: theirs.find((connection) => hasNews(partOf([connection]))) ?? theirs[0],
          compose: (claimed) => {
            const absorbed = new Set<string>();
            for (const [subject, entries] of ledger.bySubject.get(audienceKey) ?? [])
              if (entries.some((entry) => entry.toldAt.getTime() > since)) absorbed.add(subject);
            // What leads the digest is not listed again in its bucket either.
            for (const c of claimed) absorbed.add(c.subjectKey);
            return composeDigest(baseUrl, {
              frequency: prefs.digest.frequency === 'weekly' ? 'weekly' : 'daily',
              localDate: digest.subjectKey,
              buckets: whole.buckets,
              newInvoices: whole.invoices.map((invoice) => ({
                id: invoice.id,
                reference: invoice.reference,
                ...(labelled ? { client: audience.nameOf(invoice.connection) } : {}),
              })),
              clientOfRenewal: labelled
                ? (eventId) => audience.nameOf(watched.clientOf.get(eventId) ?? DEFAULT_CONNECTION)
                : undefined,
              today,
              readAt: oldestRead(watched, [
                ...whole.buckets.flatMap((bucket) => bucket.items.map((item) => item.row.eventId)),
                ...claimed.map((candidate) => candidate.subjectKey),
              ]),
              absorbed,
              lead: [...groupsOf(claimed).map(classSection), ...whole.reviews],
            });
          },
        }),
      );
    } else if (due.length > 0) {
      sent(
        await tellPerson(db, {
          ...common,
          rule: 'due',
          candidates: [...riding, ...due],
          unsubscribe: 'due',
          compose: (claimed) => {
            const [first = { cls: 'due', items: [], all: classLink('due', []) }, ...also] = groupsOf(claimed);
            return composeGroup(baseUrl, { ...first, also });
          },
        }),
      );
    }
  }

  // Channels are an administrator's, told of every client: labelled when there are several.
  const channelLabel = (candidate: Candidate): Candidate =>
    clients.length > 1 ? withClient(candidate, audience.nameOf(clientOf(candidate))) : candidate;
  result.posts.push(
    ...(await claimChatPosts(db, {
      now,
      today,
      buckets,
      unprocessable,
      label: channelLabel,
      ledger: { has: (key) => ledger.keys.has(key) },
    })),
  );
  return result;
}

/**
 * Today's buckets of some clients' watched renewals: all of them when those are every client's
 * (one client, or someone working for all), else the rows of those clients, kept per set of clients
 * for the run.
 */
function clientBuckets(
  watched: WatchedRows,
  today: string,
  all: readonly TodayBucket[],
): (connections: readonly string[]) => readonly TodayBucket[] {
  const every = new Set(watched.clientOf.values());
  const kept = new Map<string, readonly TodayBucket[]>();
  return (connections) => {
    if ([...every].every((connection) => connections.includes(connection))) return all;
    const key = [...connections].sort().join('\n');
    let buckets = kept.get(key);
    if (!buckets) {
      buckets = bucketRenewals(
        watched.rows.filter((row) =>
          connections.includes(watched.clientOf.get(row.eventId) ?? DEFAULT_CONNECTION),
        ),
        today,
      );
      kept.set(key, buckets);
    }
    return buckets;
  };
}

/**
 * Escalation: a renewal whose grace period ends within ESCALATION_GRACE_DAYS, that nobody decided
 * or put in a draft or an open batch, although it was shown to someone at least a day ago, is
 * claimed once (ledger audience `escalation`) for every manager working for its client, who is
 * told of it, naming who it was shown to, in the run's own message of that class.
 */
async function claimEscalations(
  db: Database,
  input: {
    now: Date;
    buckets: readonly TodayBucket[];
    users: readonly { id: string; email: string; role: string }[];
    prefsOf: (userId: string) => NotificationPreferences;
    ledger: Ledger;
    audience: Audience;
    clientOf: (candidate: Candidate) => string;
  },
): Promise<Candidate[]> {
  const { now, ledger } = input;
  const withinDays = getEnv().ESCALATION_GRACE_DAYS;
  const emailOf = new Map(input.users.map((account) => [account.id, account.email]));
  const shownBefore = now.getTime() - ESCALATE_AFTER_SHOWN_MS;
  const lapsing = input.buckets
    .filter((bucket) => bucket.id === 'lapsing-soon' || bucket.id === 'in-grace')
    .flatMap((bucket) => bucket.items)
    .filter((item) => item.daysLeft >= 0 && item.daysLeft <= withinDays)
    .filter((item) => !ledger.keys.has(`escalation|escalation|${item.row.eventId}`));
  if (lapsing.length === 0) return [];
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
  if (candidates.length === 0) return [];
  const managers = input.users.filter(
    (account) => account.role === 'manager' && input.prefsOf(account.id).escalations,
  );
  // A renewal is claimed only when a manager works for its client (else nobody could be told).
  const heard = candidates.filter((c) =>
    managers.some((manager) => input.audience.clientsOf(manager.id).includes(input.clientOf(c))),
  );
  if (heard.length === 0) return [];
  // Claimed once for everyone: the ledger row under the audience `escalation`; each manager's
  // message is then keyed by what it escalates.
  const messageKey = `escalation:${digestOf(heard.map((c) => c.subjectKey).sort())}`;
  const inserted = await db
    .insert(reminderTold)
    .values(
      heard.map((c) => ({
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
  return heard.filter((c) => got.has(c.subjectKey));
}
