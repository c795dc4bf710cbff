import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { RunBackgroundChecksButton } from '@/components/notifications/outbox-actions';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { PageSection } from '@/components/shell/page-section';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format/dates';
import { choice, int } from '@/lib/http/url-state';
import { addressProblems, readField } from '@/lib/http/url-state-rules';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale } from '@/lib/server/http/request-context';
import { backgroundStatus, listMessages } from '@/lib/server/notifications/app';
import { DELIVERY_LEASE_MS, mailTransportKind, OUTBOX_PAGE_SIZE } from '@/lib/server/notifications/mail';
import { outboxColumns } from './columns';

export const metadata: Metadata = { title: 'Outbox' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The outbox's address: a page number, and `status=unknown` for messages of unknown delivery. */
const OUTBOX_ADDRESS = {
  page: int({ min: 1, max: 100_000, default: 1 }),
  status: choice(['unknown']),
};

/**
 * Every message the dashboard recorded: who, what, when and how delivery went. Without SMTP_URL
 * this is where mail goes (the outbox), so the demo shows what users would receive.
 */
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
  const scope = await pageClientScope(viewer.userId);
  const [{ rows, total }, background] = await Promise.all([
    listMessages(scope, page, only),
    backgroundStatus(scope.connections),
  ]);
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const smtp = mailTransportKind() === 'smtp';
  const canManage = can(viewer.role, 'outbox:manage');
  const pageHref = (to: number) => `/admin/outbox?${only ? 'status=unknown&' : ''}page=${to}`;
  return (
    <PageSection id="outbox-heading" title="Outbox" className="gap-4">
      <p className="text-sm text-muted-foreground">
        {smtp
          ? 'Mail is sent through SMTP; every message is also recorded here.'
          : 'No SMTP server is configured (SMTP_URL): messages are kept here instead of being sent.'}
      </p>
      {background.map(({ client, ...spend }) => (
        <p key={client.id} className="text-sm text-muted-foreground">
          {/* Each client's key has its own quota and share: named when there are several. */}
          Background reads this quota day{background.length > 1 ? ` for ${client.name}` : ''}: {spend.spent}{' '}
          calls
          {spend.budget === null
            ? ` (budget: ${spend.sharePercent} % of the daily limit, not known yet)`
            : ` of ${spend.budget} (${spend.sharePercent} % of the daily limit)`}
          . Last poll of the service:{' '}
          {spend.lastPollAt ? (
            <time dateTime={spend.lastPollAt.toISOString()}>
              {formatTimestamp(spend.lastPollAt.toISOString(), locale)}
            </time>
          ) : (
            'not yet'
          )}
          .
        </p>
      ))}
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
      <DataTable
        caption={`${total} ${only ? 'messages of unknown delivery' : 'messages'}, page ${page} of ${pages}`}
        columns={outboxColumns(locale, canManage)}
        rows={rows}
        rowKey={(row) => String(row.id)}
      />
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
    </PageSection>
  );
}
