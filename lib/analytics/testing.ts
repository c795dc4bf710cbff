import { type SpendAnalyticsData, spendAnalyticsOf } from './data';
import type { SpendLine } from './spend';

/**
 * For tests: the spend analytics of `lines` as the server hands them over (one invoice a line,
 * no grace surcharge, no variance), read and computed at `readAt`.
 */
export function spendDataOf(lines: readonly SpendLine[], readAt: string): SpendAnalyticsData {
  return spendAnalyticsOf({
    spend: lines,
    surcharges: [],
    compared: [],
    varianceNotCompared: 0,
    invoices: lines.length,
    catalogReadAt: readAt,
    computedAt: readAt,
  });
}
