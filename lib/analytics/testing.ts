import type { SpendAnalyticsData } from './data';
import { type SpendLine, spendBy, spendTotals } from './spend';

/**
 * For tests: the spend analytics of `lines` as the server hands them over (one invoice a line,
 * no grace surcharge, no variance), read and computed at `readAt`.
 */
export function spendDataOf(lines: readonly SpendLine[], readAt: string): SpendAnalyticsData {
  return {
    byMonth: spendBy(lines, ['month']),
    byOffice: spendBy(lines, ['office']),
    totals: spendTotals(lines),
    surcharges: [],
    surchargeTotals: [],
    variance: [],
    varianceNotCompared: 0,
    invoices: lines.length,
    lines: lines.length,
    catalogReadAt: readAt,
    computedAt: readAt,
  };
}
