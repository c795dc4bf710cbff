import type { Upstream } from './stack';

/**
 * Upstream calls of one user action, read from the stand-in service's usage report (every call
 * with the tenant's keys, whatever its answer). The counters are reset before the action; after it
 * the report is read until it stops moving, so work the action started in the background (a
 * snapshot refresh, say) is counted too.
 */
export interface CallCount {
  calls: number;
  operations: Record<string, number>;
}

const SETTLE_MS = 400;
const SETTLE_LIMIT_MS = 15_000;

export async function countCalls(upstream: Upstream, action: () => Promise<void>): Promise<CallCount> {
  const { operator } = upstream.sandbox;
  await operator.resetUsage(upstream.tenant);
  await action();
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let report = await operator.getUsage(upstream.tenant);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const again = await operator.getUsage(upstream.tenant);
    if (again.calls === report.calls || Date.now() > deadline) {
      return { calls: again.calls, operations: again.operations };
    }
    report = again;
  }
}
