'use client';

import { columnVisibilityFeature, createColumnHelper, tableFeatures } from '@tanstack/react-table';
import Link from 'next/link';
import { EnumBadge } from '@/components/badges/enum-badge';
import { useLocale } from '@/components/shell/locale';
import type { Patent } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { matchLabel, type SearchMatch } from '@/lib/portfolio/search-key';
import { filingRouteLabel, humanize, patentStatusLabel } from '@/lib/renewals/labels';

export const patentFeatures = tableFeatures({ columnVisibilityFeature });
/**
 * A patent as the table shows it; during a search, with what it matched; for a user of several
 * clients, its client's name.
 */
export type PatentRow = Patent & { match?: SearchMatch; client?: string };
const helper = createColumnHelper<typeof patentFeatures, PatentRow>();

/** Shown only during a search; not a column of lib/portfolio/columns.ts (nothing to export). */
export const MATCH_COLUMN_ID = 'match';
/** Shown only when the rows name their client (the export adds it the same way). */
export const CLIENT_COLUMN_ID = 'client';

function DateCell({ value }: { value: string | null }) {
  const locale = useLocale();
  return value ? <span className="tabular-nums">{formatDate(value, locale)}</span> : <span>—</span>;
}

const text = (value: string | null) => value ?? '—';

// Column ids match lib/portfolio/columns.ts (headers, sort fields, export).
export const patentColumns = helper.columns([
  helper.display({
    id: CLIENT_COLUMN_ID,
    header: 'Client',
    cell: ({ row }) => row.original.client ?? '—',
  }),
  helper.accessor('clientCaseReference', {
    header: 'Case reference',
    cell: ({ row }) => (
      <Link
        href={patentHref(row.original.id)}
        // Not prefetched: every row on screen would otherwise fetch its patent page after the load
        // (main-thread work Lighthouse counts as blocking time, a server render each).
        prefetch={false}
        className="font-medium text-primary underline-offset-2 hover:underline"
      >
        {patentName(row.original)}
      </Link>
    ),
  }),
  helper.display({
    id: MATCH_COLUMN_ID,
    header: 'Matched',
    cell: ({ row }) =>
      row.original.match ? (
        <span className="text-xs text-muted-foreground">{matchLabel(row.original.match)}</span>
      ) : null,
  }),
  helper.accessor('providerId', { header: 'Provider ID', cell: ({ getValue }) => text(getValue()) }),
  helper.accessor('title', {
    header: 'Title',
    cell: ({ getValue }) => (
      <span className="block max-w-72 truncate" title={getValue() ?? undefined}>
        {text(getValue())}
      </span>
    ),
  }),
  helper.accessor('office', { header: 'Office' }),
  helper.accessor('patentType', { header: 'Type', cell: ({ getValue }) => humanize(getValue()) || '—' }),
  helper.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => <EnumBadge value={patentStatusLabel(getValue())} />,
  }),
  helper.accessor('filingRoute', {
    header: 'Filing route',
    cell: ({ getValue }) => filingRouteLabel(getValue()) || '—',
  }),
  helper.accessor('applicationNumber', {
    header: 'Application number',
    cell: ({ getValue }) => text(getValue()),
  }),
  helper.accessor('applicationDate', {
    header: 'Application date',
    cell: ({ getValue }) => <DateCell value={getValue()} />,
  }),
  helper.accessor('publicationNumber', {
    header: 'Publication number',
    cell: ({ getValue }) => text(getValue()),
  }),
  helper.accessor('grantDate', {
    header: 'Grant date',
    cell: ({ getValue }) => <DateCell value={getValue()} />,
  }),
  helper.accessor('expirationDate', {
    header: 'Expiration date',
    cell: ({ getValue }) => <DateCell value={getValue()} />,
  }),
  helper.accessor('owner', {
    header: 'Owner',
    cell: ({ getValue }) => (
      <span className="block max-w-56 truncate" title={getValue() ?? undefined}>
        {text(getValue())}
      </span>
    ),
  }),
  helper.accessor('clientFamilyReference', { header: 'Family', cell: ({ getValue }) => text(getValue()) }),
]);
