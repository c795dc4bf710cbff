import { decimalCell, type ExportValue } from '@/lib/renewals/columns';
import { type BudgetComparison, PHASE_LABELS, VARIANCE_PARTS } from './budget';

/**
 * The budget comparison as export rows (header first), the same figures the page shows: one row
 * a month, the total row, then the variance explained. Amounts stay decimal text with their
 * currency's digits (lib/server/files/export-file.ts).
 */
export function budgetExportRows(
  comparison: BudgetComparison,
  scope: { office: string; family: string },
): ExportValue[][] {
  const { currency } = comparison;
  const money = (amount: string | null) => decimalCell(amount, currency);
  const header = [
    'Month',
    'Basis',
    'Currency',
    'Budget',
    'Forecast',
    'Actual (invoiced)',
    'Expected',
    'Difference',
    'Dropped or skipped',
  ];
  const rows: ExportValue[][] = [header];
  for (const row of comparison.rows) {
    rows.push([
      row.month,
      PHASE_LABELS[row.phase],
      currency,
      money(row.budget),
      money(row.forecast),
      money(row.actual),
      money(row.outturn),
      money(row.difference),
      money(row.droppedOrSkipped),
    ]);
  }
  const { totals } = comparison;
  rows.push([
    'Total',
    `${comparison.year}, ${scope.office || 'all offices'}, ${scope.family || 'all families'}`,
    currency,
    money(totals.budget),
    money(totals.forecast),
    money(totals.actual),
    money(totals.outturn),
    money(totals.difference),
    money(totals.droppedOrSkipped),
  ]);
  if (comparison.variance) {
    const variance = comparison.variance;
    rows.push([], ['Variance explained', 'Meaning', 'Currency', 'Amount']);
    rows.push(['Total variance', 'Expected against budget', currency, money(variance.total)]);
    for (const part of VARIANCE_PARTS)
      rows.push([part.label, part.help, currency, money(variance[part.key])]);
  }
  return rows;
}
