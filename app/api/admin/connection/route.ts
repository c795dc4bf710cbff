import { getEnv } from '@/lib/env';
import { recordAudit } from '@/lib/server/audit/audit';
import { latestConnectionReport, runConnectionCheck } from '@/lib/server/connection/connection';
import { defineRoute } from '@/lib/server/http/route';

export const GET = defineRoute({ access: 'connection:manage' }, async () => ({
  report: latestConnectionReport(),
}));

/** Checks the connection now: one cheap call per scope. */
export const POST = defineRoute({ access: 'connection:manage' }, async ({ viewer, requestId }) => {
  const report = await runConnectionCheck(requestId, getEnv().ANNUITY_API_URL ?? null);
  await recordAudit({
    actor: { userId: viewer.userId, email: viewer.email },
    action: 'connection.check',
    outcome: report.reachable && report.keyState === 'valid' ? 'success' : 'failure',
    requestId,
    upstreamRequestIds: report.requestIds,
    details: { keyState: report.keyState, scopes: report.scopes },
  });
  return { report };
});
