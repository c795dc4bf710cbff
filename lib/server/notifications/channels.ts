import 'server-only';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatTotals } from '../../annuity/money';
import type { Database } from '../../db';
import { chatChannel, chatPost, reminderTold } from '../../db/schema';
import { getEnv } from '../../env';
import { isLoopbackUrl } from '../../env-schema';
import {
  CHANNEL_CLASSES,
  CHANNEL_FORMATS,
  type ChannelClass,
  type ChannelFormat,
  type ChannelView,
} from '../../notifications/channels';
import { registerSecret } from '../../redact';
import type { TodayBucket } from '../../today/buckets';
import { keyCipher } from '../connection/key-crypto';
import { DomainError } from '../errors/domain-error';
import {
  byUrgency,
  GROUP_ITEMS_SHOWN,
  type GroupItem,
  groupLine,
  groupTotals,
  REMINDER_CLASS_TEXT,
} from './compose';
import { type Candidate, classCandidates, classLink } from './groups';
import { recordSent, sendOrRecordFailure, strandedIds, takeForSending } from './outbox';
import { preferencesByDefault } from './preferences';
import { publicBaseUrl } from './public-url';

/**
 * The team's chat: incoming-webhook channels an administrator adds (Slack- and Teams-compatible
 * payloads). Each run posts at most one grouped message per class to each channel, of what that
 * channel was not told before (the ledger audience `channel:<id>`). A post is a row first, like an
 * email: claimed with its ledger rows in one transaction, then delivered by the send-chat job,
 * which moves it queued/failed → sending in one statement (at most once) and is retried with
 * backoff on failure. The webhook URL is a secret (whoever has it can post): stored encrypted like
 * the service's API keys, shown only by its host.
 */
export { CHANNEL_CLASSES, CHANNEL_FORMATS, type ChannelClass, type ChannelFormat, type ChannelView };

/** A webhook a channel cannot use: a 400 naming the field, as a bad input is answered. */
class ChannelError extends DomainError<'invalid_channel'> {
  override name = 'ChannelError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super({
      status: 400,
      code: 'invalid_channel',
      title: 'Invalid channel',
      detail: `The webhook URL ${message}.`,
      message,
      errors: [{ field: `body.${field}`, message }],
    });
  }
}

/** https only: the URL is the credential. Loopback http is allowed, as for the service URL (tests). */
function checkWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ChannelError('url', 'must be a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(value)))
    throw new ChannelError(
      'url',
      'must be https (the URL is the credential) unless it is a loopback address',
    );
  if (url.username || url.password) throw new ChannelError('url', 'must not carry a user name or password');
  return url;
}

const cipher = () => keyCipher(getEnv());

function view(row: typeof chatChannel.$inferSelect): ChannelView {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    host: row.urlHost,
    classes: row.classes.filter((cls): cls is ChannelClass =>
      (CHANNEL_CLASSES as readonly string[]).includes(cls),
    ),
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listChannels(db: Database): Promise<ChannelView[]> {
  return (await db.select().from(chatChannel).orderBy(chatChannel.createdAt)).map(view);
}

export async function addChannel(
  db: Database,
  input: {
    name: string;
    format: ChannelFormat;
    url: string;
    classes: ChannelClass[];
    createdByEmail: string;
  },
): Promise<ChannelView> {
  const url = checkWebhookUrl(input.url);
  registerSecret(input.url);
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(chatChannel)
    .values({
      id,
      name: input.name,
      format: input.format,
      // The row id is bound in (key-crypto.ts): a ciphertext copied onto another row does not open.
      urlCiphertext: cipher().encrypt(input.url, id),
      urlHost: url.host,
      classes: [...new Set(input.classes)],
      createdByEmail: input.createdByEmail,
    })
    .returning();
  if (!row) throw new Error('channel not stored');
  return view(row);
}

export async function updateChannelClasses(
  db: Database,
  id: string,
  classes: ChannelClass[],
): Promise<ChannelView | null> {
  const [row] = await db
    .update(chatChannel)
    .set({ classes: [...new Set(classes)] })
    .where(eq(chatChannel.id, id))
    .returning();
  return row ? view(row) : null;
}

export async function removeChannel(db: Database, id: string): Promise<boolean> {
  const removed = await db
    .delete(chatChannel)
    .where(eq(chatChannel.id, id))
    .returning({ id: chatChannel.id });
  return removed.length > 0;
}

/** A grouped post as Slack (`text`, mrkdwn links) and Teams (MessageCard `title`/`text`) read it. */
function chatPayload(
  format: ChannelFormat,
  cls: ChannelClass,
  items: readonly GroupItem[],
  baseUrl: string,
  all: { href: string; text: string },
): Record<string, unknown> {
  const text = REMINDER_CLASS_TEXT[cls];
  const sorted = [...items].sort(byUrgency);
  const totals = groupTotals(sorted);
  const title = `${text.title}: ${sorted.length} renewal${sorted.length === 1 ? '' : 's'}`;
  const link = (href: string) => new URL(href, baseUrl).toString();
  const totalsLine = [
    totals.fees.length > 0 ? `Estimated fees: ${formatTotals(totals.fees)}.` : '',
    totals.surcharges.length > 0 ? `Grace surcharges at stake: ${formatTotals(totals.surcharges)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const more = sorted.length - GROUP_ITEMS_SHOWN;
  const lines = sorted.slice(0, GROUP_ITEMS_SHOWN).map(groupLine);
  const allText = more > 0 ? `and ${more} more: ${all.text}` : all.text;
  if (format === 'slack') {
    const body = [
      `*${title}*`,
      totalsLine,
      ...lines.map((line) => `• <${link(line.href ?? '/')}|${line.text.replaceAll('|', '/')}>`),
      `<${link(all.href)}|${allText}>`,
    ].filter(Boolean);
    return { text: body.join('\n') };
  }
  const body = [
    totalsLine,
    ...lines.map((line) => `- [${line.text.replaceAll(']', ')')}](${link(line.href ?? '/')})`),
    `[${allText}](${link(all.href)})`,
  ].filter(Boolean);
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: title,
    title,
    text: body.join('\n\n'),
  };
}

function digestOf(keys: readonly string[]): string {
  return createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 24);
}

/**
 * Claims this run's grouped posts: for each channel and class it takes, what the channel was not
 * told (by the default offsets), in one transaction with the ledger rows. Returns the post ids.
 */
export async function claimChatPosts(
  db: Database,
  input: {
    now: Date;
    today: string;
    buckets: readonly TodayBucket[];
    unprocessable: readonly Candidate[];
    /** Names a candidate's client on it when there are several clients. */
    label: (candidate: Candidate) => Candidate;
    ledger: { has: (key: string) => boolean };
  },
): Promise<string[]> {
  const channels = await db.select().from(chatChannel);
  if (channels.length === 0) return [];
  const own = classCandidates(input.buckets, preferencesByDefault(), input.today);
  const byClass: Record<ChannelClass, readonly Candidate[]> = {
    lapse: own.lapse.map(input.label),
    due: own.due.map(input.label),
    attention: input.unprocessable.map(input.label),
  };
  const baseUrl = publicBaseUrl();
  const posts: string[] = [];
  for (const channel of channels) {
    const audience = `channel:${channel.id}`;
    for (const cls of CHANNEL_CLASSES) {
      if (!channel.classes.includes(cls)) continue;
      const candidates = byClass[cls].filter(
        (candidate) => !input.ledger.has(`${audience}|${candidate.rule}|${candidate.subjectKey}`),
      );
      if (candidates.length === 0) continue;
      const subjectKey = digestOf(candidates.map((c) => `${c.rule}|${c.subjectKey}`).sort());
      const id = await db
        .transaction(async (tx) => {
          const inserted = await tx
            .insert(reminderTold)
            .values(
              candidates.map((c) => ({
                audience,
                rule: c.rule,
                subjectKey: c.subjectKey,
                messageKey: `${cls}:${subjectKey}`,
                toldAt: input.now,
              })),
            )
            .onConflictDoNothing()
            .returning({ rule: reminderTold.rule, subjectKey: reminderTold.subjectKey });
          const got = new Set(inserted.map((row) => `${row.rule}|${row.subjectKey}`));
          const claimed = candidates.filter((c) => got.has(`${c.rule}|${c.subjectKey}`));
          if (claimed.length === 0) return null;
          const [post] = await tx
            .insert(chatPost)
            .values({
              channelId: channel.id,
              rule: cls,
              subjectKey,
              payload: chatPayload(
                channel.format,
                cls,
                claimed.map((c) => c.item),
                baseUrl,
                classLink(cls, claimed),
              ),
              status: 'queued',
            })
            .onConflictDoNothing()
            .returning({ id: chatPost.id });
          if (!post) tx.rollback();
          return post?.id ?? null;
        })
        .catch((error: unknown) => {
          // tx.rollback() throws to roll back: the post was taken by another instance.
          if (error instanceof Error && /rollback/i.test(error.message)) return null;
          throw error;
        });
      if (id) posts.push(id);
    }
  }
  return posts;
}

export type PostResult = 'sent' | 'already-sent' | 'in-flight' | 'missing';

const POST_TIMEOUT_MS = 10_000;

/** Delivers one claimed post; a failure is recorded and thrown for the queue to retry. */
export async function deliverPost(db: Database, id: string, now = new Date()): Promise<PostResult> {
  const take = await takeForSending(db, chatPost, id);
  if (!take.taken) {
    if (take.status === null) return 'missing';
    return take.status === 'sent' ? 'already-sent' : 'in-flight';
  }
  const { taken } = take;
  return sendOrRecordFailure<PostResult>(db, chatPost, id, 'post failed', async () => {
    const [channel] = await db.select().from(chatChannel).where(eq(chatChannel.id, taken.channelId));
    if (!channel) throw new Error('the channel was removed');
    const url = cipher().decrypt(channel.urlCiphertext, channel.id);
    registerSecret(url);
    checkWebhookUrl(url);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(taken.payload),
      redirect: 'error',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
    await recordSent(db, chatPost, id, now);
    return 'sent';
  });
}

/** Posts claimed but still queued a while later: their send-chat job was lost (outbox.ts). */
export function strandedPostIds(db: Database, olderThan: Date): Promise<string[]> {
  return strandedIds(db, chatPost, olderThan);
}
