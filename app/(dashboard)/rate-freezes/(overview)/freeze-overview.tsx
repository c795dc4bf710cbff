'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { HorizonNote } from '@/components/rate-freezes/horizon-note';
import { MonthStateBadge } from '@/components/rate-freezes/month-state-badge';
import { freezeClientQuery, freezeOverviewQuery } from '@/components/rate-freezes/rate-freezes-query';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { useLocale } from '@/components/shell/locale';
import { PageSection } from '@/components/shell/page-section';
import { QueryFallback } from '@/components/shell/query-problem';
import { TitledCard } from '@/components/ui/card';
import { formatYearMonth } from '@/lib/format/dates';
import type { FreezeOverviewData } from '@/lib/rate-freezes/data';
import { monthsAheadLabel } from '@/lib/rate-freezes/labels';
import type { TableColumn } from '@/lib/table/columns';

/** A month's page, for the chosen client when the user has several. */
const monthHref = (month: string, client: string | null) =>
  `/rate-freezes/${month}${freezeClientQuery(client)}`;

type MonthRow = FreezeOverviewData['months'][number];

function monthColumns(locale: string, client: string | null): TableColumn<MonthRow>[] {
  return [
    {
      id: 'month',
      header: 'Month',
      rowHeader: true,
      cell: (row) => (
        <Link href={monthHref(row.month, client)} className="text-primary underline-offset-2 hover:underline">
          {formatYearMonth(row.month, locale)}
        </Link>
      ),
    },
    {
      id: 'when',
      header: 'When',
      className: 'text-muted-foreground',
      cell: (row) => monthsAheadLabel(row.monthsAhead),
    },
    {
      id: 'freeze',
      header: 'Freeze',
      cell: (row) => <MonthStateBadge state={row.state} confirmed={row.confirmed} />,
    },
  ];
}

/** The frozen months and, for the months ahead, whether each can be frozen now. */
export function FreezeOverview({ client = null }: { client?: string | null }) {
  const locale = useLocale();
  const query = useQuery(freezeOverviewQuery(client));
  const data = query.data;
  if (!data) return <QueryFallback query={query} loading="Loading rate freezes…" rows={13} />;

  return (
    <div className="grid gap-6 lg:grid-cols-3" aria-busy={query.isFetching}>
      <div className="lg:col-span-3">
        <CopyAgeNotice
          copy={data.copy}
          months={[]}
          freezeMonth={data.currentMonth}
          what="the frozen months"
        />
      </div>
      <PageSection id="months-ahead-heading" title="Months ahead" className="lg:col-span-2">
        <DataTable
          caption={`This month and the next ${data.months.length - 1}, and whether each can be frozen now.`}
          captionHidden
          columns={monthColumns(locale, client)}
          rows={data.months}
          rowKey={(row) => row.month}
          rowProps={(row) => ({ 'data-month': row.month })}
        />
        <p className="text-xs text-muted-foreground">Past months cannot be frozen.</p>
      </PageSection>

      <div className="flex flex-col gap-4">
        <TitledCard title="Frozen months" contentClassName="text-sm">
          {data.frozenMonths.length === 0 ? (
            <p className="text-muted-foreground">No month is frozen yet.</p>
          ) : (
            <ul aria-label="Frozen months" className="flex flex-col gap-1">
              {data.frozenMonths.map((month) => (
                <li key={month}>
                  <Link
                    href={monthHref(month, client)}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {formatYearMonth(month, locale)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
        <TitledCard title="How far ahead">
          <HorizonNote horizon={data.horizon} />
        </TitledCard>
      </div>
    </div>
  );
}
