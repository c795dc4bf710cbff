'use client';

import { useLocale } from '@/components/shell/locale';
import { type CurrencyTotal, formatMoney } from '@/lib/annuity/money';

/** Totals per currency, never one sum across currencies (architecture: Money). */
export function CurrencyTotals({
  totals,
  label,
  withCounts = false,
}: {
  totals: readonly CurrencyTotal[];
  label: string;
  /** Says how many renewals each total adds up. */
  withCounts?: boolean;
}) {
  const locale = useLocale();
  if (totals.length === 0) return <p className="text-sm text-muted-foreground">No fees to total.</p>;
  return (
    <dl aria-label={label} className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      {totals.map((entry) => (
        <div
          key={entry.currency}
          className="flex items-baseline gap-1.5"
          data-testid={`total-${entry.currency}`}
        >
          <dt className="text-muted-foreground">{entry.currency}</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(entry.total, entry.currency, locale)}
            {withCounts ? (
              <span className="ml-1 text-xs font-normal text-muted-foreground">
                ({entry.count === 1 ? '1 renewal' : `${entry.count} renewals`})
              </span>
            ) : null}
            {entry.missing > 0 ? (
              <span className="ml-1 text-xs font-normal text-muted-foreground">
                (+{entry.missing} without amount)
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
