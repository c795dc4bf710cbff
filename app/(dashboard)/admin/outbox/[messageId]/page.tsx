import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SendAgainButton } from '@/components/notifications/outbox-actions';
import { formatTimestamp } from '@/lib/format/dates';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale } from '@/lib/server/http/request-context';
import { readMessage } from '@/lib/server/notifications/app';

export const metadata: Metadata = { title: 'Message' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One recorded message, its plain-text part as sent. The HTML part is not rendered here: it is
 * shown as the user's mail client would, from the same words, and never run in the dashboard.
 */
export default async function OutboxMessagePage({ params }: { params: Promise<{ messageId: string }> }) {
  const viewer = await requireViewer('outbox:read');
  const locale = await pageLocale();
  const { messageId } = await params;
  if (!UUID.test(messageId)) notFound();
  const message = await readMessage(messageId, await pageClientScope(viewer.userId));
  if (!message) notFound();
  return (
    <article aria-labelledby="message-heading" className="flex max-w-3xl flex-col gap-3">
      <p>
        <Link href="/admin/outbox" className="text-sm underline-offset-4 hover:underline">
          Back to the outbox
        </Link>
      </p>
      <h2 id="message-heading" className="text-lg font-semibold">
        {message.subject}
      </h2>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd>{message.recipient}</dd>
        <dt className="text-muted-foreground">Rule</dt>
        <dd className="font-mono text-xs">
          {message.rule} · {message.subjectKey}
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatTimestamp(message.createdAt.toISOString(), locale)}</dd>
        <dt className="text-muted-foreground">Delivery</dt>
        <dd>
          {message.transport} · {message.status === 'unknown' ? 'delivery unknown' : message.status}
          {message.sentAt ? ` · ${formatTimestamp(message.sentAt.toISOString(), locale)}` : ''} ·{' '}
          {message.attempts} attempts
          {message.lastError ? ` · ${message.lastError}` : ''}
        </dd>
      </dl>
      {can(viewer.role, 'outbox:manage') && (message.status === 'unknown' || message.status === 'failed') ? (
        <p>
          <SendAgainButton messageId={message.id} subject={message.subject} />
        </p>
      ) : null}
      <pre className="whitespace-pre-wrap rounded-md border bg-muted/40 p-4 text-sm">{message.textBody}</pre>
    </article>
  );
}
