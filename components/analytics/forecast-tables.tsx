import { DataTable } from '@/components/data-table/data-table';
import { formatMoney } from '@/lib/annuity/money';
import { type ForecastData, type ForecastRow, type ForecastTable, renewalCount } from '@/lib/forecast/data';
import { GROUP_LABELS } from '@/lib/forecast/export-columns';
import { formatDate, formatYearMonth } from '@/lib/format/dates';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { ForecastPatentCosts } from './forecast-patent-costs';
import { ForecastByMonthCharts } from './outlook-charts';
import { TableSection, type TableSectionProps } from './table-section';

/**
 * The forecast's tables: groups down, currencies across, never a sum across currencies;
 * renewals without an estimate in a column of their own, counted and never priced. Each table has
 * its CSV and XLSX. Server-rendered: no browser code.
 */
/** Owners and families can run to hundreds: the page shows those with most renewals, the files all. */
const LONG_TABLE_GROUPS = 20;

/** A table's section, its downloads from /api/analytics/forecast/export. */
function Section(props: TableSectionProps<ForecastTable>) {
  return <TableSection {...props} exportPath="/api/analytics/forecast/export" />;
}

interface PivotGroup {
  key: string | null;
  cells: Map<string | null, ForecastRow>;
  renewals: number;
}

function pivot(rows: readonly ForecastRow[]): {
  groups: PivotGroup[];
  currencies: string[];
  missing: boolean;
} {
  const groups = new Map<string | null, PivotGroup>();
  const currencies = new Set<string>();
  let missing = false;
  for (const row of rows) {
    const group = groups.get(row.key) ?? { key: row.key, cells: new Map(), renewals: 0 };
    group.cells.set(row.currency, row);
    group.renewals += row.renewals;
    groups.set(row.key, group);
    if (row.currency === null) missing = true;
    else currencies.add(row.currency);
  }
  return { groups: [...groups.values()], currencies: [...currencies].sort(), missing };
}

/** A currency's amount and renewal count in a group; renewals without an estimate are counted, never priced. */
function pivotColumn(
  id: string,
  header: string,
  pick: (group: PivotGroup) => ForecastRow | undefined,
  locale: string,
) {
  return amountColumn<PivotGroup>(id, header, (group) => {
    const row = pick(group);
    if (!row) return '—';
    return (
      <>
        {row.currency && row.total ? formatMoney(row.total, row.currency, locale) : null}
        <span className="block text-xs text-muted-foreground">{renewalCount(row.renewals)}</span>
      </>
    );
  });
}

type Grouping = keyof typeof GROUP_LABELS;

/**
 * Each grouping's section: its heading, the line on what it shows, its table's caption and, for the
 * long ones, how many groups the page shows.
 */
const GROUP_SECTIONS: Record<
  Grouping,
  { title: string; description: string; caption: string; limit?: number }
> = {
  month: {
    title: 'By month',
    description: 'Estimated renewal fees by due month and invoice currency.',
    caption: 'Estimated renewal fees by due month, one column per currency',
  },
  office: {
    title: 'By office',
    description:
      'The office comes from the portfolio copy; a patent it does not know is under Unknown office.',
    caption: 'Estimated renewal fees by office',
  },
  owner: {
    title: 'By owner',
    description: 'The patent’s display owner.',
    caption: 'Estimated renewal fees by owner',
    limit: LONG_TABLE_GROUPS,
  },
  family: {
    title: 'By family',
    description: 'The client’s family reference.',
    caption: 'Estimated renewal fees by family',
    limit: LONG_TABLE_GROUPS,
  },
};

/**
 * The forecast grouped by month, office, owner or family, in its section: the heading's id, the
 * export's table and the table's test id all follow the grouping.
 */
function ForecastPivotSection({
  by,
  client,
  ...table
}: {
  by: Grouping;
  rows: readonly ForecastRow[];
  totals?: readonly ForecastRow[];
  locale: string;
  client: string | undefined;
}) {
  const { title, description } = GROUP_SECTIONS[by];
  return (
    <Section client={client} id={`forecast-${by}-heading`} title={title} table={by} description={description}>
      <ForecastPivot by={by} {...table} />
    </Section>
  );
}

function ForecastPivot({
  rows,
  by,
  totals,
  locale,
}: {
  rows: readonly ForecastRow[];
  by: Grouping;
  totals?: readonly ForecastRow[];
  locale: string;
}) {
  const { limit, caption } = GROUP_SECTIONS[by];
  const { groups, currencies, missing } = pivot(rows);
  if (groups.length === 0) return <p className="text-sm">No renewals in the window.</p>;
  const shown = limit ? [...groups].sort((a, b) => b.renewals - a.renewals).slice(0, limit) : groups;
  const labels = GROUP_LABELS[by];
  const totalGroup: PivotGroup | undefined = totals
    ? { key: null, cells: new Map(totals.map((row) => [row.currency, row])), renewals: 0 }
    : undefined;
  const label = (group: PivotGroup) =>
    group === totalGroup
      ? 'Total'
      : group.key === null
        ? labels.missing
        : by === 'month'
          ? formatYearMonth(group.key, locale)
          : group.key;
  const columns: TableColumn<PivotGroup>[] = [
    { id: 'group', header: labels.heading, rowHeader: true, cell: label },
    ...currencies.map((currency) =>
      pivotColumn(currency, currency, (group) => group.cells.get(currency), locale),
    ),
    ...(missing
      ? [pivotColumn('missing', 'Without estimate', (group) => group.cells.get(null), locale)]
      : []),
  ];
  return (
    <>
      <DataTable
        data-testid={`forecast-by-${by}`}
        caption={caption}
        columns={columns}
        rows={shown}
        rowKey={(group) => group.key ?? ''}
        totals={totalGroup}
      />
      {shown.length < groups.length ? (
        <p className="text-xs text-muted-foreground">
          The {shown.length} with most renewals of {groups.length}; the files have every one.
        </p>
      ) : null}
    </>
  );
}

export function ForecastTables({
  data,
  locale,
  client,
}: {
  data: ForecastData;
  locale: string;
  /** The client chosen in the filter, which the exports keep. */
  client?: string;
}) {
  const { summary } = data;
  const shown = data.window;
  const span = shown ? `${formatDate(shown.from, locale)} to ${formatDate(shown.to, locale)}` : '';
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="forecast-totals-heading" className="flex flex-col gap-2">
        <h2 id="forecast-totals-heading" className="text-lg font-semibold">
          Estimated in total, {span}
        </h2>
        <ul className="flex flex-wrap gap-4 text-sm" data-testid="forecast-totals">
          {summary.totals.length === 0 ? <li>No estimated renewal in the window.</li> : null}
          {summary.totals.map((row) => (
            <li key={row.currency} className="font-mono tabular-nums">
              {row.currency && row.total ? formatMoney(row.total, row.currency, locale) : null}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">
          {renewalCount(summary.renewals)} of {summary.patents} patents, in each invoice&rsquo;s currency and
          never added across currencies. Estimates are live: they move with exchange rates until a month is
          frozen.
          {summary.noEstimate > 0
            ? ` ${renewalCount(summary.noEstimate)} without an estimate yet: counted, not priced.`
            : ''}
          {summary.excluded > 0
            ? ` ${renewalCount(summary.excluded)} already dropped or skipped: kept in the forecast’s copy, left out of every total.`
            : ' Renewals already dropped or skipped would be left out of every total.'}
          {summary.lastListedMonth
            ? ` The service lists renewals through ${formatYearMonth(summary.lastListedMonth, locale)}.`
            : ''}
        </p>
      </section>

      <ForecastByMonthCharts points={data.monthCurrency} locale={locale} />
      <ForecastPivotSection
        by="month"
        rows={data.byMonth}
        totals={forecastTotalsWithMissing(data)}
        locale={locale}
        client={client}
      />
      <ForecastPivotSection by="office" rows={data.byOffice} locale={locale} client={client} />
      <ForecastPivotSection by="owner" rows={data.byOwner} locale={locale} client={client} />
      <ForecastPivotSection by="family" rows={data.byFamily} locale={locale} client={client} />

      <Section
        client={client}
        id="forecast-patents-heading"
        title="Cost to keep per patent"
        table="patents"
        description="Each patent’s remaining estimated renewals in the window, largest first in each currency: what keeping it costs to its last renewal in the window (not to its expiry), to help decide what to prune."
      >
        <ForecastPatentCosts patents={data.patents} locale={locale} />
      </Section>
    </div>
  );
}

/** The month table's footer: the window's totals, and its renewals without an estimate. */
function forecastTotalsWithMissing(data: ForecastData): ForecastRow[] {
  const missing = data.summary.noEstimate;
  return missing > 0
    ? [...data.summary.totals, { key: null, currency: null, total: null, renewals: missing }]
    : data.summary.totals;
}
