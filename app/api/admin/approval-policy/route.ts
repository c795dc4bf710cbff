import { approvalPolicySchema } from '@/lib/decisions/approval-policy.schema';
import { readApprovalPolicy, saveApprovalPolicy } from '@/lib/server/decisions/approval-policy';
import { defineRoute } from '@/lib/server/http/route';

/** Which decisions wait for a manager's approval. */
export const GET = defineRoute({ access: 'approvals:policy' }, async () => ({
  policy: await readApprovalPolicy(),
}));

/** Replaces the policy; amounts are decimal strings per currency (400 naming the field otherwise). */
export const PUT = defineRoute(
  { access: 'approvals:policy', audit: 'approvals.policy', body: approvalPolicySchema },
  async ({ viewer, body, requestId }) => ({ policy: await saveApprovalPolicy(viewer, body, requestId) }),
);
