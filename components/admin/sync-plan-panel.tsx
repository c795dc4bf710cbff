import { DataTable } from '@/components/data-table/data-table';
import { PageSection } from '@/components/shell/page-section';
import { addMonths, formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import type { SyncPlan } from '@/lib/sync/plan';
import type { TableColumn } from '@/lib/table/columns';

export interface SyncPlanView {
  /** The client connection the plan is for (each key has its own quota, spec: Limits 2). */
  connection: string;
  plan: SyncPlan;
  spentToday: number;
  /** Months whose last walk failed or could not be completed. */
  troubled: { month: string; lastError: string | null; syncedAt: string | null }[];
}

function minutes(value: number): string {
  if (value % 1440 === 0) return `${value / 1440} day${value === 1440 ? '' : 's'}`;
  if (value % 60 === 0) return `${value / 60} h`;
  return `${value} min`;
}

type Tier = SyncPlan['tiers'][number];

/** Contiguous months as a range; the open months and the history's gaps listed, the first few. */
function monthsText(months: string[], locale: string): string {
  if (months.length === 0) return 'none';
  const sorted = [...months].sort();
  const first = sorted[0] as string;
  const last = sorted.at(-1) as string;
  const contiguous = sorted.every(
    (month, at) => at === 0 || addMonths(sorted[at - 1] as string, 1) === month,
  );
  if (contiguous)
    return first === last
      ? formatYearMonth(first, locale)
      : `${formatYearMonth(first, locale)} – ${formatYearMonth(last, locale)}`;
  const shown = sorted.slice(0, MONTHS_LISTED).map((month) => formatYearMonth(month, locale));
  const more = sorted.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''} (${plural(sorted.length, 'month')})`;
}

const MONTHS_LISTED = 4;

/** Each tier of the plan: which months, how often, and what that costs in calls. */
function tierColumns(locale: string): TableColumn<Tier>[] {
  return [
    { id: 'label', header: 'Renewals due', cell: (tier) => tier.label },
    {
      id: 'months',
      header: 'Months',
      cell: (tier) => monthsText(tier.months, locale),
    },
    {
      id: 'cadence',
      header: 'Read every',
      cell: (tier) =>
        tier.effectiveMinutes === null || tier.cadenceMinutes === null
          ? 'Once, then while open'
          : `${minutes(tier.effectiveMinutes)}${
              tier.effectiveMinutes !== tier.cadenceMinutes ? ` (set: ${minutes(tier.cadenceMinutes)})` : ''
            }`,
    },
    { id: 'callsPerRefresh', header: 'Calls a read', align: 'end', cell: (tier) => tier.callsPerRefresh },
    {
      id: 'callsPerDay',
      header: 'Calls a day',
      align: 'end',
      cell: (tier) => tier.callsPerDay.toLocaleString(locale),
    },
  ];
}

/**
 * The synced copy's plan for administrators: which months are read how often, what that costs per
 * day against the key's daily quota, and what the sync spent today (spec: Limits 2–3).
 */
export function SyncPlanPanel({
  view,
  clientName,
  locale,
}: {
  view: SyncPlanView;
  /** Names the client when the page shows the plans of several. */
  clientName: string | null;
  locale: string;
}) {
  const { plan } = view;
  const history = plan.tiers.find((tier) => tier.name === 'history');
  return (
    <PageSection
      id={`sync-plan-heading-${view.connection}`}
      title={clientName ? `Synced copy: ${clientName}` : 'Synced copy'}
    >
      <p className="text-sm text-muted-foreground">
        Every page reads our copy of the service's renewals; the worker reads it again by urgency.{' '}
        {plan.budget === null
          ? 'The daily quota is not known yet (the service reports it with every answer).'
          : `It may use ${plan.budget.toLocaleString(locale)} of the key's ${plan.limit?.toLocaleString(locale)} calls a day; the plan needs ${plan.callsPerDay.toLocaleString(locale)}, and ${view.spentToday.toLocaleString(locale)} were spent today.`}
        {plan.stretch > 1
          ? ` The key is small for this portfolio: every cadence is stretched ${plan.stretch.toFixed(1)}×.`
          : ''}
        {history && history.months.length > 0
          ? ` ${plural(history.months.length, 'month')} of history ${pluralWord(history.months.length, 'was', 'were')} never read: about ${history.callsPerRefresh.toLocaleString(locale)} calls, read once, most recent first, ${history.callsPerDay.toLocaleString(locale)} of them within today's share.`
          : ''}
      </p>
      <DataTable
        caption="The sync plan by tier"
        captionHidden
        columns={tierColumns(locale)}
        rows={plan.tiers}
        rowKey={(tier) => tier.name}
      />
      {view.troubled.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {view.troubled.map((month) => (
            <li key={month.month}>
              {formatYearMonth(month.month, locale)}: {month.lastError ?? 'not complete'}
              {month.syncedAt ? ` (last complete read ${formatTimestamp(month.syncedAt, locale)})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </PageSection>
  );
}
