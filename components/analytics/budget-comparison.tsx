import { DataTable } from '@/components/data-table/data-table';
import { ExportLinks } from '@/components/data-table/export-links';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type BudgetComparison, PHASE_LABELS, VARIANCE_PARTS } from '@/lib/analytics/budget';
import { BUDGET_PAGE, type BudgetPageState, budgetScopeQuery } from '@/lib/analytics/budget-url';
import { formatMoney } from '@/lib/annuity/money';
import { formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { BudgetCumulativeChart } from './outlook-charts';

/**
 * Budget against forecast against actual, one year and currency, by month with a total
 * row, and the variance explained. Server-rendered; the scope is a plain GET form, so it works
 * without script and every view has its own URL.
 */
type MonthLine = BudgetComparison['rows'][number];
/** A month, or the year's total (no month, no basis). */
type ComparisonLine = Omit<MonthLine, 'month' | 'phase'> & {
  month: string | null;
  phase: MonthLine['phase'] | null;
};

function comparisonColumns(comparison: BudgetComparison, locale: string): TableColumn<ComparisonLine>[] {
  const { currency } = comparison;
  const money = (amount: string | null) => (amount === null ? '—' : formatMoney(amount, currency, locale));
  const signed = (amount: string) =>
    `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
  return [
    {
      id: 'month',
      header: 'Month',
      rowHeader: true,
      cell: (line) =>
        line.month === null ? `Total ${comparison.year}` : formatYearMonth(line.month, locale),
    },
    { id: 'basis', header: 'Basis', cell: (line) => (line.phase === null ? '' : PHASE_LABELS[line.phase]) },
    amountColumn('budget', 'Budget', (line) => money(line.budget)),
    amountColumn('forecast', 'Forecast', (line) => money(line.forecast)),
    amountColumn('actual', 'Actual (invoiced)', (line) => money(line.actual)),
    amountColumn('outturn', 'Expected', (line) => money(line.outturn)),
    amountColumn('difference', 'Against budget', (line) =>
      line.difference === null ? '—' : signed(line.difference),
    ),
    amountColumn('droppedOrSkipped', 'Dropped or skipped', (line) => money(line.droppedOrSkipped)),
  ];
}

const overUnder = (difference: string) =>
  /^-?0(\.0+)?$/.test(difference) ? 'on budget' : difference.startsWith('-') ? 'under budget' : 'over budget';

export function BudgetScopeForm({ state }: { state: BudgetPageState }) {
  return (
    <form
      method="get"
      action={BUDGET_PAGE}
      className="flex flex-wrap items-end gap-3"
      aria-label="Comparison scope"
    >
      {state.client ? <input type="hidden" name="client" value={state.client} /> : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="scope-year">Year</Label>
        <Input id="scope-year" name="year" inputMode="numeric" defaultValue={state.year} className="w-24" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="scope-currency">Currency</Label>
        <Input
          id="scope-currency"
          name="currency"
          maxLength={3}
          defaultValue={state.currency}
          className="w-20"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="scope-office">Office (empty for all)</Label>
        <Input id="scope-office" name="office" maxLength={2} defaultValue={state.office} className="w-20" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="scope-family">Family (empty for all)</Label>
        <Input id="scope-family" name="family" defaultValue={state.family} className="w-40" />
      </div>
      <button type="submit" className={buttonVariants({ variant: 'outline' })}>
        Show comparison
      </button>
    </form>
  );
}

export function BudgetComparisonView({
  comparison,
  state,
  withoutEstimate,
  locale,
}: {
  comparison: BudgetComparison;
  state: BudgetPageState;
  withoutEstimate: number;
  locale: string;
}) {
  const { currency } = comparison;
  const signed = (amount: string) =>
    `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
  const scopeLabel = [state.office || 'all offices', state.family || 'all families'].join(', ');
  const query = budgetScopeQuery(state);
  return (
    <div className="flex flex-col gap-6">
      <ExportLinks
        href={(format) => `/api/analytics/budgets/export?${query}&format=${format}`}
        of="the budget comparison"
      />
      {comparison.totals.budget === null ? (
        <p className="text-sm">
          No budget for {comparison.year} in {currency} ({scopeLabel}) yet: the forecast and invoiced amounts
          are shown alone.
        </p>
      ) : null}
      {comparison.forecastMonths === null ? (
        <p className="text-sm" role="status">
          No forecast has been built yet, so the forecast column is empty, not zero: it is filled by the
          worker’s daily refresh or by “Refresh now” on the forecast page.
        </p>
      ) : comparison.forecastMonths.to < `${comparison.year}-12` &&
        comparison.forecastMonths.to >= comparison.currentMonth ? (
        <p className="text-sm" role="status">
          The forecast reaches {formatYearMonth(comparison.forecastMonths.to, locale)}: later months have no
          forecast yet.
        </p>
      ) : null}
      {!comparison.actualAvailable ? (
        <p className="text-sm text-muted-foreground">
          Invoiced amounts are known for all offices and families together only, so this view compares the
          budget with the forecast.
        </p>
      ) : null}
      {/* As wide as one chart of the other analytics pages: an SVG scales its text with its width. */}
      <div className="max-w-3xl">
        <BudgetCumulativeChart comparison={comparison} locale={locale} />
      </div>
      <DataTable
        data-testid="budget-comparison"
        caption={
          <>
            Budget, forecast and invoiced amounts in {currency} by month, {comparison.year}, {scopeLabel}.
            Past months are invoiced, future months forecast, this month both.
            {comparison.actualAvailable
              ? ' A renewal already invoiced counts once, in its invoice’s month, never again in its due month’s forecast.'
              : ''}
          </>
        }
        columns={comparisonColumns(comparison, locale)}
        rows={comparison.rows}
        rowKey={(row) => row.month ?? 'total'}
        totals={{ ...comparison.totals, month: null, phase: null }}
      />
      {withoutEstimate > 0 ? (
        <p className="text-sm text-muted-foreground">
          {plural(withoutEstimate, 'renewal')} of {comparison.year}{' '}
          {pluralWord(withoutEstimate, 'has', 'have')} no estimate from the service yet and{' '}
          {pluralWord(withoutEstimate, 'is', 'are')} not in the forecast.
        </p>
      ) : null}
      {comparison.variance ? (
        <section aria-labelledby="budget-variance-heading" className="flex flex-col gap-2">
          <h3 id="budget-variance-heading" className="text-base font-semibold">
            Variance explained
          </h3>
          <p className="text-sm">
            Expected spend against the budget:{' '}
            <strong className="font-mono">{signed(comparison.variance.total)}</strong> (
            {overUnder(comparison.variance.total)}).
          </p>
          <dl
            className="grid gap-2 text-sm sm:grid-cols-[max-content_max-content_1fr]"
            data-testid="budget-variance"
          >
            {VARIANCE_PARTS.map((part) => (
              <div key={part.key} className="contents">
                <dt className="font-medium">{part.label}</dt>
                <dd className="font-mono tabular-nums sm:text-right">
                  {signed(comparison.variance?.[part.key] ?? '0')}
                </dd>
                <dd className="text-muted-foreground">{part.help}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
