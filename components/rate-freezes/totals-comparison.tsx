'use client';

import { DataTable } from '@/components/data-table/data-table';
import { useLocale } from '@/components/shell/locale';
import { formatMoney, isZero } from '@/lib/annuity/money';
import type { TotalsComparison } from '@/lib/rate-freezes/totals';
import { amountColumn, type TableColumn } from '@/lib/table/columns';

/**
 * The month's totals per currency (each renewal's office currency, as the freeze resource reports
 * them) as previewed before the freeze and as the freeze answered. The two differ only when rates
 * or the month's renewals moved between the preview and the freeze ("Difference: None" on every
 * line would tell nobody anything), so the change column appears only when something moved,
 * and a sentence says what it means either way.
 */
export function TotalsComparisonTable({ rows }: { rows: readonly TotalsComparison[] }) {
  const locale = useLocale();
  const money = (amount: string | null, currency: string) =>
    amount === null ? '—' : formatMoney(amount, currency, locale);
  const moved = rows.some((row) => row.difference === null || !isZero(row.difference));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" data-testid="comparison-note">
        {moved
          ? 'Some totals changed between your preview and the freeze: rates or the month’s renewals moved in between. “Change” is the frozen total minus the previewed one.'
          : 'The frozen totals equal the ones you previewed: the freeze pinned the rates you saw.'}{' '}
        Amounts are in each renewal’s office currency, as the freeze reports them.
      </p>
      <ComparisonTable rows={rows} moved={moved} money={money} />
    </div>
  );
}

function ComparisonTable({
  rows,
  moved,
  money,
}: {
  rows: readonly TotalsComparison[];
  moved: boolean;
  money: (amount: string | null, currency: string) => string;
}) {
  const columns: TableColumn<TotalsComparison>[] = [
    { id: 'currency', header: 'Currency', rowHeader: true, cell: (row) => row.currency },
    amountColumn('before', 'Before freezing (preview)', (row) => money(row.before, row.currency)),
    amountColumn('after', 'After freezing', (row) => money(row.after, row.currency)),
  ];
  if (moved) {
    columns.push(
      amountColumn('change', 'Change', (row) =>
        row.difference === null
          ? 'Only on one side'
          : isZero(row.difference)
            ? 'No change'
            : money(row.difference, row.currency),
      ),
    );
  }
  return (
    <DataTable
      caption="Totals per office currency before and after freezing."
      columns={columns}
      rows={rows}
      rowKey={(row) => row.currency}
      rowProps={(row) => ({ 'data-testid': `comparison-${row.currency}` })}
    />
  );
}
