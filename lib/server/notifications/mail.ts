import 'server-only';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db';
import { mailMessage } from '../../db/schema';
import { getEnv } from '../../env';
import { registerSecret } from '../../redact';
import type { ClientScope } from '../clients/scope';
import type { ComposedMessage } from './compose';
import { recordSent, sendOrRecordFailure, strandedIds, takeForSending } from './outbox';

/**
 * Email: every message is a row first. Claiming is the insert under the unique key
 * (user, rule, subject): the instance whose insert succeeds owns the message, every other instance
 * and every later run finds it taken. Sending happens after the claim: a stop before the send
 * leaves the row `queued` (the notify job hands it to send-mail again), a stop during the send
 * leaves it `sending`, unsent rather than maybe sent twice (a reminder sent twice is noise), and
 * visible to admins in the outbox. A send holds a lease: a row still `sending` when the lease is
 * over becomes `unknown` ("delivery unknown"), which nothing resends by itself; an administrator
 * may send it again, deliberately and audited (`sendAgain`).
 */
export type MailTransportKind = 'smtp' | 'outbox';

export function mailTransportKind(): MailTransportKind {
  return getEnv().SMTP_URL ? 'smtp' : 'outbox';
}

const globalForMail = globalThis as typeof globalThis & {
  __annuityMail?: { url: string; transporter: Transporter };
};

function smtpTransporter(url: string): Transporter {
  const current = globalForMail.__annuityMail;
  if (current && current.url === url) return current.transporter;
  const password = new URL(url).password;
  if (password) registerSecret(decodeURIComponent(password));
  const transporter = nodemailer.createTransport(url);
  globalForMail.__annuityMail = { url, transporter };
  return transporter;
}

export interface MessageClaim {
  userId: string;
  recipient: string;
  rule: string;
  subjectKey: string;
  message: ComposedMessage;
  /** Threading and unsubscribe headers (Message-ID, In-Reply-To, References, List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** The clients whose data the message tells of (the outbox shows it to their administrators). */
  connections: readonly string[];
}

/** Records the message; returns its id when this call claimed it, null when it already existed. */
export async function claimMessage(db: Database, claim: MessageClaim): Promise<string | null> {
  const [row] = await db
    .insert(mailMessage)
    .values({
      userId: claim.userId,
      recipient: claim.recipient,
      rule: claim.rule,
      subjectKey: claim.subjectKey,
      subject: claim.message.subject,
      textBody: claim.message.text,
      htmlBody: claim.message.html,
      headers: claim.headers ?? null,
      connections: [...new Set(claim.connections)].sort(),
      transport: mailTransportKind(),
      status: 'queued',
    })
    .onConflictDoNothing()
    .returning({ id: mailMessage.id });
  return row?.id ?? null;
}

/**
 * The stored headers as nodemailer takes them: Message-ID, In-Reply-To and References through
 * its own options (it would otherwise make a Message-ID of its own), the rest as they are.
 */
function mailHeaders(stored: Record<string, string> | null, rule: string) {
  const { 'Message-ID': messageId, 'In-Reply-To': inReplyTo, References: references, ...rest } = stored ?? {};
  return {
    ...(messageId ? { messageId } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references ? { references } : {}),
    headers: { ...rest, 'X-Annuity-Rule': rule, 'Auto-Submitted': 'auto-generated' },
  };
}

export type DeliveryResult = 'sent' | 'already-sent' | 'in-flight' | 'delivery-unknown' | 'missing';

/**
 * How long a send may take before its outcome is called unknown. An SMTP send takes seconds, and
 * the send-mail job's retries come as new attempts (each with a new lease), so a row `sending`
 * after this long belongs to a process that stopped mid-send.
 */
export const DELIVERY_LEASE_MS = 15 * 60_000;

/**
 * Sends one claimed message. The row moves queued/failed → sending in one statement, so two
 * workers handed the same job cannot both send it. A failure is recorded and thrown, and the job
 * queue retries it with backoff.
 */
export async function deliverMessage(db: Database, id: string, now = new Date()): Promise<DeliveryResult> {
  const take = await takeForSending(db, mailMessage, id);
  if (!take.taken) {
    if (take.status === null) return 'missing';
    if (take.status === 'unknown') return 'delivery-unknown';
    return take.status === 'sent' ? 'already-sent' : 'in-flight';
  }
  const { taken } = take;
  if (taken.transport === 'outbox') {
    await recordSent(db, mailMessage, id, now);
    return 'sent';
  }
  const env = getEnv();
  return sendOrRecordFailure<DeliveryResult>(db, mailMessage, id, 'send failed', async () => {
    if (!env.SMTP_URL) throw new Error('SMTP_URL is no longer set');
    const info = await smtpTransporter(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: taken.recipient,
      subject: taken.subject,
      text: taken.textBody,
      html: taken.htmlBody,
      ...mailHeaders(taken.headers, taken.rule),
    });
    await recordSent(db, mailMessage, id, now, { providerMessageId: info.messageId ?? null });
    return 'sent';
  });
}

/** Messages claimed but still queued a while later: their send-mail job was lost (outbox.ts). */
export function strandedMessageIds(db: Database, olderThan: Date): Promise<string[]> {
  return strandedIds(db, mailMessage, olderThan);
}

const DELIVERY_UNKNOWN_NOTE = `Delivery unknown: the send did not finish within ${DELIVERY_LEASE_MS / 60_000} minutes (the sending process may have stopped mid-send). Not resent automatically; check with the recipient, then send it again if needed.`;

/**
 * Sends whose lease is over become `unknown`: the process that held them stopped mid-send, so the
 * message may or may not have left. Never resent from here (a message at most once per user, rule
 * and subject); the outbox shows them, with "send again" for an administrator. A send that was
 * merely slow and finishes later still records `sent` (deliverMessage writes its outcome by id).
 * Rows from before the lease existed have no `sendingSince`: their creation time stands in.
 */
export async function markUnknownDeliveries(db: Database, now = new Date()): Promise<string[]> {
  const expired = new Date(now.getTime() - DELIVERY_LEASE_MS);
  const rows = await db
    .update(mailMessage)
    .set({ status: 'unknown', lastError: DELIVERY_UNKNOWN_NOTE })
    .where(
      and(
        eq(mailMessage.status, 'sending'),
        sql`coalesce(${mailMessage.sendingSince}, ${mailMessage.createdAt}) < ${expired.toISOString()}`,
      ),
    )
    .returning({ id: mailMessage.id });
  return rows.map((row) => row.id);
}

/** Messages whose delivery is unknown, for the administrator's Today. */
export async function countUnknownDeliveries(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mailMessage)
    .where(eq(mailMessage.status, 'unknown'));
  return row?.total ?? 0;
}

export type SendAgainResult =
  | { ok: true; previousStatus: 'unknown' | 'failed'; result: DeliveryResult | 'failed'; status: string }
  | { ok: false; reason: 'missing' | 'not-resendable'; status: string | null };

/**
 * An administrator's deliberate "send again" of a message whose delivery is unknown (or that
 * failed for good): the row goes back to `queued` in one statement, so two clicks or two admins
 * send it once, and is delivered now. The route audits who did it.
 */
export async function sendAgain(db: Database, id: string, now = new Date()): Promise<SendAgainResult> {
  const [before] = await db
    .select({ status: mailMessage.status })
    .from(mailMessage)
    .where(eq(mailMessage.id, id));
  if (!before) return { ok: false, reason: 'missing', status: null };
  const previousStatus = before.status;
  if (previousStatus !== 'unknown' && previousStatus !== 'failed')
    return { ok: false, reason: 'not-resendable', status: previousStatus };
  // Compare and set: only from the status just read, so a concurrent change wins.
  const [requeued] = await db
    .update(mailMessage)
    .set({ status: 'queued' })
    .where(and(eq(mailMessage.id, id), eq(mailMessage.status, previousStatus)))
    .returning({ id: mailMessage.id });
  if (!requeued)
    return { ok: false, reason: 'not-resendable', status: (await readMessage(db, id))?.status ?? null };
  let result: DeliveryResult | 'failed';
  try {
    result = await deliverMessage(db, id, now);
  } catch {
    // Recorded on the row (status failed, its error): the outbox shows it.
    result = 'failed';
  }
  const after = await readMessage(db, id);
  return { ok: true, previousStatus, result, status: after?.status ?? 'missing' };
}

export const OUTBOX_PAGE_SIZE = 50;

/**
 * The admin's view of every recorded message (the outbox without SMTP, the send log with it), or
 * only those whose delivery is unknown (the link from the administrator's Today).
 */
export async function listMessages(db: Database, scope: ClientScope, page: number, only?: 'unknown') {
  const where = and(only ? eq(mailMessage.status, only) : undefined, mailInScope(scope));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailMessage)
      .where(where)
      .orderBy(desc(mailMessage.createdAt))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(mailMessage).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One message; with a scope, only one the administrator may read (else null, a 404). */
export async function readMessage(db: Database, id: string, scope?: ClientScope) {
  const [row] = await db
    .select()
    .from(mailMessage)
    .where(and(eq(mailMessage.id, id), scope ? mailInScope(scope) : undefined));
  return row ?? null;
}

/**
 * The messages an administrator may read. A message holds what its recipient was told, of the
 * clients it names (`connections`, recorded when it was written; reminders are grouped across a
 * person's clients). An administrator of every client, with none chosen in the header, reads every
 * message; any other reads only messages all of whose clients are among theirs, never one recorded
 * before messages named their clients (spec: Authentication rule 2, a client's data is shown to
 * that client's users only).
 */
function mailInScope(scope: ClientScope): SQL | undefined {
  if (scope.allClients && scope.chosen === null) return undefined;
  const mine = JSON.stringify(scope.connections);
  return sql`(${mailMessage.connections} is not null and not exists (
    select 1 from jsonb_array_elements_text(${mailMessage.connections}) as told(connection)
    where told.connection not in (select jsonb_array_elements_text(${mine}::jsonb))
  ))`;
}
