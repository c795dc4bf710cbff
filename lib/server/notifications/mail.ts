import 'server-only';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db';
import { mailMessage } from '../../db/schema';
import { getEnv } from '../../env';
import { registerSecret } from '../../redact';
import type { ComposedMessage } from './compose';

/**
 * Email (issue 15): every message is a row first. Claiming is the insert under the unique key
 * (user, rule, subject): the instance whose insert succeeds owns the message, every other instance
 * and every later run finds it taken. Sending happens after the claim: a stop before the send
 * leaves the row `queued` (the notify job hands it to send-mail again), a stop during the send
 * leaves it `sending`, unsent rather than maybe sent twice (a reminder sent twice is noise), and
 * visible to admins in the outbox.
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
      transport: mailTransportKind(),
      status: 'queued',
    })
    .onConflictDoNothing()
    .returning({ id: mailMessage.id });
  return row?.id ?? null;
}

export type DeliveryResult = 'sent' | 'already-sent' | 'in-flight' | 'missing';

/**
 * Sends one claimed message. The row moves queued/failed → sending in one statement, so two
 * workers handed the same job cannot both send it. A failure is recorded and thrown, and the job
 * queue retries it with backoff.
 */
export async function deliverMessage(db: Database, id: string, now = new Date()): Promise<DeliveryResult> {
  const [taken] = await db
    .update(mailMessage)
    .set({ status: 'sending', attempts: sql`${mailMessage.attempts} + 1` })
    .where(and(eq(mailMessage.id, id), inArray(mailMessage.status, ['queued', 'failed'])))
    .returning();
  if (!taken) {
    const [row] = await db
      .select({ status: mailMessage.status })
      .from(mailMessage)
      .where(eq(mailMessage.id, id));
    if (!row) return 'missing';
    return row.status === 'sent' ? 'already-sent' : 'in-flight';
  }
  if (taken.transport === 'outbox') {
    await db
      .update(mailMessage)
      .set({ status: 'sent', sentAt: now, lastError: null })
      .where(eq(mailMessage.id, id));
    return 'sent';
  }
  const env = getEnv();
  try {
    if (!env.SMTP_URL) throw new Error('SMTP_URL is no longer set');
    const info = await smtpTransporter(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: taken.recipient,
      subject: taken.subject,
      text: taken.textBody,
      html: taken.htmlBody,
      headers: { 'X-Annuity-Rule': taken.rule, 'Auto-Submitted': 'auto-generated' },
    });
    await db
      .update(mailMessage)
      .set({ status: 'sent', sentAt: now, lastError: null, providerMessageId: info.messageId ?? null })
      .where(eq(mailMessage.id, id));
    return 'sent';
  } catch (error) {
    await db
      .update(mailMessage)
      .set({
        status: 'failed',
        lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
      })
      .where(eq(mailMessage.id, id));
    throw error;
  }
}

/**
 * Messages claimed but still queued a while later: their send-mail job was lost (the process
 * stopped between the claim and the enqueue). The notify job hands them to send-mail again;
 * delivery's queued → sending step keeps a duplicate job from sending twice.
 */
export async function strandedMessageIds(db: Database, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessage.id })
    .from(mailMessage)
    .where(and(eq(mailMessage.status, 'queued'), lt(mailMessage.createdAt, olderThan)))
    .orderBy(mailMessage.createdAt)
    .limit(500);
  return rows.map((row) => row.id);
}

export const OUTBOX_PAGE_SIZE = 50;

/** The admin's view of every recorded message (the outbox without SMTP, the send log with it). */
export async function listMessages(db: Database, page: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailMessage)
      .orderBy(desc(mailMessage.createdAt))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(mailMessage),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function readMessage(db: Database, id: string) {
  const [row] = await db.select().from(mailMessage).where(eq(mailMessage.id, id));
  return row ?? null;
}
