import type { Metadata } from 'next';
import { ApprovalPolicyPanel } from '@/components/admin/approval-policy-panel';
import { requireViewer } from '@/lib/server/auth/session';
import { readApprovalPolicy } from '@/lib/server/decisions/approval-policy';

export const metadata: Metadata = { title: 'Approval policy' };

/** Which decisions wait for a manager's approval. */
export default async function AdminApprovalsPage() {
  await requireViewer('approvals:policy');
  return <ApprovalPolicyPanel initial={await readApprovalPolicy()} />;
}
