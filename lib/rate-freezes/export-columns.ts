import { decimalCell, type ExportValue } from '@/lib/renewals/columns';
import type { FreezeEstimatesData } from './data';

/**
 * The freeze decision's figures as one table, so every figure can be exported: what a freeze
 * would lock and what is already at frozen rates, per invoice currency, then each recorded day's
 * estimate per currency. One currency per row; amounts never added across currencies.
 */
export function freezeEstimateExportRows(data: FreezeEstimatesData): ExportValue[][] {
  const rows: ExportValue[][] = [['Month', 'Figure', 'Day', 'Currency', 'Amount', 'Renewals']];
  for (const total of data.locked.wouldLock)
    rows.push([
      data.month,
      'A freeze would lock',
      null,
      total.currency,
      decimalCell(total.total, total.currency),
      total.count,
    ]);
  for (const total of data.locked.alreadyFrozen)
    rows.push([
      data.month,
      'Already at frozen rates',
      null,
      total.currency,
      decimalCell(total.total, total.currency),
      total.count,
    ]);
  for (const entry of data.movement)
    for (const point of entry.points)
      rows.push([
        data.month,
        'Estimate recorded',
        point.day,
        entry.currency,
        decimalCell(point.total, entry.currency),
        point.events,
      ]);
  return rows;
}
