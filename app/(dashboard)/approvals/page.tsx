import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/shell/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { describeApprovalReason } from '@/lib/decisions/approval-policy';
import { formatTimestamp } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { listAwaitingApproval } from '@/lib/server/decisions/approvals';
import { pageLocale } from '@/lib/server/http/request-context';

export const metadata: Metadata = { title: 'Approvals' };

/** Batches awaiting a manager's approval, oldest first; one card each (phone-sized). */
export default async function ApprovalsPage() {
  const viewer = await requireViewer('approvals:decide');
  const locale = await pageLocale();
  const waiting = await listAwaitingApproval((await pageClientScope(viewer.userId)).connections);
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Batches held by the approval policy. Nothing in them is sent until a manager other than the preparer approves."
      />
      {waiting.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing awaits approval.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Batches awaiting approval">
          {waiting.map(({ batch, overdue }) => {
            const nameOf = (eventId: string) => {
              const item = batch.items.find((candidate) => candidate.eventId === eventId);
              return item ? patentName(item) : eventId;
            };
            const own = batch.createdByUserId === viewer.userId;
            return (
              <li key={batch.id}>
                <Card>
                  <CardHeader>
                    <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                      <Link href={`/approvals/${batch.id}`} className="text-primary hover:underline">
                        {batch.eventCount} decision{batch.eventCount === 1 ? '' : 's'} from{' '}
                        {batch.createdByEmail ?? 'unknown'}
                      </Link>
                      {overdue.length > 0 ? <Badge tone="danger">Deadline passed</Badge> : null}
                      {own ? <Badge tone="neutral">Yours: another manager approves</Badge> : null}
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-1 text-sm">
                    <p className="text-muted-foreground">
                      Submitted {formatTimestamp(batch.createdAt, locale)}
                    </p>
                    <ul className="list-disc pl-5">
                      {(batch.approval?.reasons ?? []).map((reason) => (
                        <li key={JSON.stringify(reason)}>{describeApprovalReason(reason, nameOf)}</li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
