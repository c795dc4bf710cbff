import 'server-only';
import type { ConnectionSummary } from '@/components/shell/connection-badge';
import type { QuotaReading } from '../../policy/quota';
import { type ClientScope, clientNameOf } from '../clients/scope';
import { serviceHealth } from '../sync/health';
import { latestConnectionReport } from './connection';
import { DEFAULT_CONNECTION } from './default-connection';
import { readQuota } from './quota';

/**
 * The header's quota meter and connection badge for the clients in view. Each client's key has its
 * own quota and its own standing with the service (spec: Authentication 1, a key is one client's;
 * Limits 2, one quota per key): with one client in view (chosen in the header, or the only one
 * granted) they are its own; with several, the worst of them, named, so a client near its limit or
 * cut off is never hidden behind another that is fine.
 */
export interface HeaderStatus {
  quota: { reading: QuotaReading | null; client: InViewLabel | null };
  connection: { summary: ConnectionSummary | null; client: InViewLabel | null };
}

/** Which client a reading is, with several in view: its name and how many it is the worst of. */
interface InViewLabel {
  name: string;
  of: number;
}

/** Left of the day's quota as a share; used up counts as none, unknown as more than any known. */
function quotaLeft(reading: QuotaReading | null, now: Date): number {
  if (!reading) return Number.POSITIVE_INFINITY;
  if (reading.exhaustedUntil && reading.exhaustedUntil > now) return -1;
  if (reading.limit === null || reading.remaining === null || reading.limit <= 0)
    return Number.POSITIVE_INFINITY;
  return reading.remaining / reading.limit;
}

/** How bad a badge is: higher is worse. */
function badness(summary: ConnectionSummary | null): number {
  if (!summary) return 1;
  if (!summary.reachable) return 5;
  if (summary.keyState === 'expired' || summary.keyState === 'invalid') return 4;
  if (summary.missingScopes.length > 0) return 3;
  return 0;
}

/**
 * A client's connection as the header says it. The service's state as the sync and writes last
 * found it for the client's key (shared by every instance) wins over this process's last check:
 * the header never says "connected" while the pages say it is not. The check's key state and
 * scopes are of the first client's key (the one it probes), so they speak for that client only.
 */
async function connectionOf(connection: string): Promise<ConnectionSummary | null> {
  const health = await serviceHealth(connection);
  const answering = health.failingSince === null;
  const report = connection === DEFAULT_CONNECTION ? latestConnectionReport() : null;
  if (report)
    return {
      reachable: report.reachable && answering,
      keyState: report.keyState,
      missingScopes: Object.entries(report.scopes)
        .filter(([, state]) => state === 'missing')
        .map(([scope]) => scope),
    };
  return health.lastSuccessAt || !answering
    ? { reachable: answering, keyState: 'unknown', missingScopes: [] }
    : null;
}

export async function headerStatus(scope: ClientScope, now = new Date()): Promise<HeaderStatus> {
  // A user granted no client sees no client's quota or connection (spec: Authentication rule 2).
  if (scope.connections.length === 0)
    return { quota: { reading: null, client: null }, connection: { summary: null, client: null } };
  const each = await Promise.all(
    scope.connections.map(async (connection) => ({
      connection,
      quota: await readQuota(connection),
      summary: await connectionOf(connection),
    })),
  );
  const several = each.length > 1;
  const label = (connection: string): InViewLabel | null =>
    several ? { name: clientNameOf(scope, connection), of: each.length } : null;
  const [first] = each as [(typeof each)[number], ...typeof each];
  const lowest = each.reduce((worst, item) =>
    quotaLeft(item.quota, now) < quotaLeft(worst.quota, now) ? item : worst,
  );
  const weakest = each.reduce((worst, item) =>
    badness(item.summary) > badness(worst.summary) ? item : worst,
  );
  const quota = lowest.quota ?? first.quota;
  return {
    quota: {
      reading: quota,
      client: quota ? label(lowest.quota ? lowest.connection : first.connection) : null,
    },
    connection: { summary: weakest.summary, client: label(weakest.connection) },
  };
}
