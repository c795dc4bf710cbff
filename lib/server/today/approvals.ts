import 'server-only';
import { can } from '../../policy/roles';
import type { ApprovalsAttention } from '../../today/data';
import { clientScopeOf } from '../clients/scope';
import { listAwaitingApproval } from '../decisions/approvals';
import type { TodayViewer } from './load';

/**
 * Today's approvals part: for an approver, the batches others wait on them for; for a
 * preparer, their own batches still waiting. Either way a renewal whose deadline passed while it
 * waited is counted, so it is seen before it costs a surcharge or the right. No upstream read.
 */
export async function loadApprovalsAttention(viewer: TodayViewer): Promise<ApprovalsAttention> {
  const approver = can(viewer.role, 'approvals:decide');
  // Only the batches of the clients the viewer works for (spec: rule 2).
  const { connections } = await clientScopeOf(viewer.userId);
  const waiting = (await listAwaitingApproval(connections)).filter(({ batch }) =>
    approver ? batch.createdByUserId !== viewer.userId : batch.createdByUserId === viewer.userId,
  );
  return {
    asApprover: approver,
    batches: waiting.map(({ batch, overdue }) => ({
      id: batch.id,
      by: batch.createdByEmail ?? 'unknown',
      at: batch.createdAt,
      decisions: batch.eventCount,
      deadlinesPassed: overdue.length,
      href: approver ? `/approvals/${batch.id}` : `/renewals/batches/${batch.id}`,
    })),
  };
}
