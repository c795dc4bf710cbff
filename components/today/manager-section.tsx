import { CurrencyTotals } from '@/components/money/currency-totals';
import { TitledCard } from '@/components/ui/card';
import { formatYearMonth } from '@/lib/format/dates';
import { TODAY_BUCKET_TEXT } from '@/lib/today/buckets';
import type { ManagerSection } from '@/lib/today/data';

/**
 * A manager's view across the team: the buckets' counts, months that can be frozen, what DROPs
 * saved (lib/server/today/manager.ts).
 */
export function ManagerPart({ manager, locale }: { manager: ManagerSection; locale: string }) {
  return (
    <>
      <TitledCard title="Renewals that need a decision">
        <ul className="grid gap-2 sm:grid-cols-3" aria-label="Renewals that need a decision, by bucket">
          {manager.bucketCounts.map((bucket) => (
            <li key={bucket.id} data-bucket-count={bucket.id}>
              <a
                className="flex items-baseline justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted"
                href={bucket.href}
              >
                <span>{TODAY_BUCKET_TEXT[bucket.id].title}</span>
                <span className="font-semibold tabular-nums">{bucket.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </TitledCard>
      <TitledCard title={<>Months that can be frozen now ({manager.freezable.length})</>}>
        {manager.freezable.length === 0 ? (
          <p className="text-sm text-muted-foreground">No month can be frozen now.</p>
        ) : (
          <ul aria-label="Months that can be frozen now" className="flex flex-col divide-y rounded-md border">
            {manager.freezable.map((month) => (
              <li
                key={`${month.client?.id ?? ''}:${month.month}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
              >
                <a className="font-medium text-primary underline" href={month.href}>
                  {formatYearMonth(month.month, locale)}
                </a>
                {month.client ? <span className="text-muted-foreground">{month.client.name}</span> : null}
                {month.atStake ? (
                  <CurrencyTotals
                    totals={month.atStake}
                    label={`${month.month}: estimated fees at stake per currency`}
                  />
                ) : (
                  <span className="text-xs text-muted-foreground">amounts on the month&apos;s page</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title={
          <>
            Spend: {formatYearMonth(manager.spend.month, locale)} against{' '}
            {formatYearMonth(manager.spend.previousMonth, locale)}
          </>
        }
        contentClassName="flex flex-col gap-2 text-sm"
      >
        <div>
          <p className="font-medium">This month (invoiced, tax included)</p>
          <CurrencyTotals totals={manager.spend.current} label="Spend this month per currency" />
        </div>
        <div>
          <p className="font-medium">Last month</p>
          <CurrencyTotals totals={manager.spend.previous} label="Spend last month per currency" />
        </div>
      </TitledCard>
      <TitledCard title="Saved by DROPs" contentClassName="flex flex-col gap-2 text-sm">
        {manager.savings.length === 0 ? (
          <p className="text-muted-foreground">No executed DROP spares a renewal from this year on.</p>
        ) : (
          manager.savings.map((year) => (
            <div key={year.year}>
              <p className="font-medium">{year.year}</p>
              <CurrencyTotals totals={year.totals} label={`Fees DROPs spare in ${year.year} per currency`} />
            </div>
          ))
        )}
        <a className="text-primary underline" href="/analytics/scenarios">
          Savings and what-if scenarios
        </a>
      </TitledCard>
    </>
  );
}
