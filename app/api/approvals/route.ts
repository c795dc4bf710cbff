import { listAwaitingApproval } from '@/lib/server/decisions/approvals';
import { defineRoute } from '@/lib/server/http/route';

/** The batches awaiting a manager's approval, oldest first, with deadlines passed. */
export const GET = defineRoute({ access: 'approvals:decide' }, async ({ clients }) => ({
  approvals: await listAwaitingApproval((await clients()).connections),
}));
