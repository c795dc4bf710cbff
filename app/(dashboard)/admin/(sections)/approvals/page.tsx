import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalPolicyPanel } from '@/components/admin/approval-policy-panel';
import { cn } from '@/components/ui/cn';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { readApprovalPolicy } from '@/lib/server/decisions/approval-policy';

export const metadata: Metadata = { title: 'Approval policy' };

/** Which decisions wait for a manager's approval: one policy per client, chosen by the address. */
export default async function AdminApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<{ client?: string | string[] }>;
}) {
  const viewer = await requireViewer('approvals:policy');
  const scope = await pageClientScope(viewer.userId);
  const asked = (await searchParams).client;
  const client =
    scope.clients.find((candidate) => candidate.id === asked)?.id ?? scope.chosen ?? scope.clients[0]?.id;
  if (!client) return <p className="text-sm text-muted-foreground">You work for no client yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      {scope.clients.length > 1 ? (
        <nav aria-label="Approval policy of" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Policy of:</span>
          {scope.clients.map((candidate) => (
            <Link
              key={candidate.id}
              href={`/admin/approvals?client=${encodeURIComponent(candidate.id)}`}
              aria-current={candidate.id === client ? 'page' : undefined}
              className={cn(
                'rounded-md border px-2 py-1',
                candidate.id === client
                  ? 'bg-accent font-medium'
                  : 'text-primary underline-offset-4 hover:underline',
              )}
            >
              {candidate.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <ApprovalPolicyPanel key={client} client={client} initial={await readApprovalPolicy(client)} />
    </div>
  );
}
