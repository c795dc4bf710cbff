import { plural } from '@/lib/format/plural';
import { auditSuccess, soleClientOf } from '@/lib/server/audit/audit';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { refreshInBackground } from '@/lib/server/portfolio/join';
import { snapshotStatus, snapshotsStatus } from '@/lib/server/portfolio/snapshot';

const MIN_REFRESH_INTERVAL_MS = 5 * 60_000;

/** How old the portfolio snapshots of the request's clients are, and how far a refresh has got. */
export const GET = defineRoute({ access: 'portfolio:read' }, async ({ clients }) =>
  snapshotsStatus((await clients()).connections),
);

/**
 * Starts a refresh now of each of the request's clients' snapshots, each with its own key (it
 * walks the portfolio at 100 per page in the background); the answer comes at once and the page
 * polls GET for progress. A refresh already running is not doubled.
 */
export const POST = defineRoute({ access: 'portfolio:read' }, async ({ viewer, requestId, clients }) => {
  const { connections } = await clients();
  const before = await snapshotsStatus(connections);
  // A refresh walks the whole portfolio (ceil(patents / 100) calls of the client's daily quota):
  // one a few minutes old is fresh enough, whoever asks.
  const age = before.refreshedAt ? Date.now() - before.refreshedAt.getTime() : Number.POSITIVE_INFINITY;
  if (!before.refreshing && age < MIN_REFRESH_INTERVAL_MS) {
    const wait = Math.ceil((MIN_REFRESH_INTERVAL_MS - age) / 1000);
    return problemResponse(
      {
        status: 429,
        code: 'snapshot_just_refreshed',
        title: 'Refreshed a moment ago',
        detail: `The portfolio snapshot was refreshed less than ${MIN_REFRESH_INTERVAL_MS / 60_000} minutes ago. Each refresh reads the whole portfolio from the shared daily quota; try again in ${plural(Math.ceil(wait / 60), 'minute')}.`,
        requestId,
      },
      { 'retry-after': String(wait) },
    );
  }
  for (const connection of connections) {
    if (!(await snapshotStatus(new Date(), connection)).refreshing)
      refreshInBackground(upstreamClient(requestId, connection), requestId, connection);
  }
  await auditSuccess(
    viewer,
    'portfolio.snapshot_refresh',
    null,
    requestId,
    { alreadyRunning: Boolean(before.refreshing) },
    soleClientOf(connections),
  );
  // Give the refresh a moment to claim the row, so the first poll already shows progress.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { started: !before.refreshing, status: await snapshotsStatus(connections) };
});
