import { recordAudit } from '@/lib/server/audit';
import { refreshInBackground } from '@/lib/server/portfolio-join';
import { snapshotStatus } from '@/lib/server/portfolio-snapshot';
import { defineRoute } from '@/lib/server/route';
import { upstreamClient } from '@/lib/server/upstream';

/** How old the portfolio snapshot is, and how far a refresh under way has got. */
export const GET = defineRoute({ access: 'portfolio:read' }, async () => snapshotStatus());

/**
 * Starts a refresh now (it walks the portfolio at 100 per page in the background); the answer
 * comes at once and the page polls GET for progress. A refresh already running is not doubled.
 */
export const POST = defineRoute({ access: 'portfolio:read' }, async ({ viewer, requestId }) => {
  const before = await snapshotStatus();
  if (!before.refreshing) refreshInBackground(upstreamClient(requestId), requestId);
  await recordAudit({
    actor: { userId: viewer.userId, email: viewer.email },
    action: 'portfolio.snapshot_refresh',
    outcome: 'success',
    requestId,
    details: { alreadyRunning: Boolean(before.refreshing) },
  });
  // Give the refresh a moment to claim the row, so the first poll already shows progress.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { started: !before.refreshing, status: await snapshotStatus() };
});
