import type { Metadata } from 'next';
import Link from 'next/link';
import { RunBackgroundChecksButton, SendAgainButton } from '@/components/notifications/outbox-actions';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatTimestamp } from '@/lib/format/dates';
import { choice, int } from '@/lib/http/url-state';
import { addressProblems, readField } from '@/lib/http/url-state-rules';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { pageLocale } from '@/lib/server/http/request-context';
import { backgroundStatus, listMessages } from '@/lib/server/notifications/app';
import { DELIVERY_LEASE_MS, mailTransportKind, OUTBOX_PAGE_SIZE } from '@/lib/server/notifications/mail';

export const metadata: Metadata = { title: 'Outbox' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every message the dashboard recorded: who, what, when and how delivery went. Without SMTP_URL
 * this is where mail goes (the outbox), so the demo shows what users would receive.
 */
const DELIVERY_TEXT: Record<string, string> = { unknown: 'delivery unknown' };

/** The outbox's address: a page number, and `status=unknown` for messages of unknown delivery. */
const OUTBOX_ADDRESS = {
  page: int({ min: 1, max: 100_000, default: 1 }),
  status: choice(['unknown']),
};

export default async function OutboxPage({ searchParams }: { searchParams: SearchParams }) {
  const viewer = await requireViewer('outbox:read');
  const locale = await pageLocale();
  const params = await searchParams;
  // A page or status the outbox cannot use is named, with the address without it.
  const problems = addressProblems(OUTBOX_ADDRESS, params);
  if (problems.length > 0) {
    return <AddressProblemPanel problems={problems} path="/admin/outbox" search={params} />;
  }
  const page = readField(OUTBOX_ADDRESS.page, Number(params.page ?? '1')) ?? 1;
  // ?status=unknown: the administrator's Today links here for messages of unknown delivery.
  const only = params.status === 'unknown' ? 'unknown' : undefined;
  const [{ rows, total }, background] = await Promise.all([listMessages(page, only), backgroundStatus()]);
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const smtp = mailTransportKind() === 'smtp';
  const canManage = can(viewer.role, 'outbox:manage');
  const pageHref = (to: number) => `/admin/outbox?${only ? 'status=unknown&' : ''}page=${to}`;
  return (
    <section aria-labelledby="outbox-heading" className="flex flex-col gap-4">
      <h2 id="outbox-heading" className="text-lg font-semibold">
        Outbox
      </h2>
      <p className="text-sm text-muted-foreground">
        {smtp
          ? 'Mail is sent through SMTP; every message is also recorded here.'
          : 'No SMTP server is configured (SMTP_URL): messages are kept here instead of being sent.'}
      </p>
      <p className="text-sm text-muted-foreground">
        Background reads this quota day: {background.spent} calls
        {background.budget === null
          ? ` (budget: ${background.sharePercent} % of the daily limit, not known yet)`
          : ` of ${background.budget} (${background.sharePercent} % of the daily limit)`}
        . Last poll of the service:{' '}
        {background.lastPollAt ? (
          <time dateTime={background.lastPollAt.toISOString()}>
            {formatTimestamp(background.lastPollAt.toISOString(), locale)}
          </time>
        ) : (
          'not yet'
        )}
        .
      </p>
      {canManage ? <RunBackgroundChecksButton /> : null}
      <p className="text-sm">
        {only ? (
          <>
            Only messages whose delivery is unknown: a send that did not finish within{' '}
            {DELIVERY_LEASE_MS / 60_000} minutes is never repeated by itself, because the message may already
            have arrived.{' '}
            <Link href="/admin/outbox" className="text-primary underline">
              Show every message
            </Link>
          </>
        ) : (
          <Link href="/admin/outbox?status=unknown" className="text-primary underline">
            Show only messages whose delivery is unknown
          </Link>
        )}
      </p>
      <Table>
        <TableCaption>
          {total} {only ? 'messages of unknown delivery' : 'messages'}, page {page} of {pages}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>To</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Rule</TableHead>
            <TableHead>Delivery</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <time dateTime={row.createdAt.toISOString()}>
                  {formatTimestamp(row.createdAt.toISOString(), locale)}
                </time>
              </TableCell>
              <TableCell>{row.recipient}</TableCell>
              <TableCell>
                <Link href={`/admin/outbox/${row.id}`} className="underline-offset-4 hover:underline">
                  {row.subject}
                </Link>
              </TableCell>
              <TableCell className="font-mono text-xs">{row.rule}</TableCell>
              <TableCell>
                <Badge
                  tone={
                    row.status === 'failed'
                      ? 'danger'
                      : row.status === 'unknown'
                        ? 'warning'
                        : row.status === 'sent'
                          ? 'success'
                          : 'neutral'
                  }
                >
                  {row.transport === 'outbox' && row.status === 'sent'
                    ? 'in outbox'
                    : (DELIVERY_TEXT[row.status] ?? row.status)}
                </Badge>
                {row.lastError ? (
                  <span className="ml-2 text-xs text-destructive">{row.lastError}</span>
                ) : null}
                {canManage && (row.status === 'unknown' || row.status === 'failed') ? (
                  <span className="ml-2">
                    <SendAgainButton messageId={row.id} subject={row.subject} />
                  </span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav aria-label="Outbox pages" className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(page - 1)}>Newer</Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="outline" size="sm">
            <Link href={pageHref(page + 1)}>Older</Link>
          </Button>
        ) : null}
      </nav>
    </section>
  );
}
