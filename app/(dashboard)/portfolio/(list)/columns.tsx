import { EnumBadge } from '@/components/badges/enum-badge';
import { PatentLink } from '@/components/portfolio/patent-link';
import type { Patent } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';
import { PATENT_COLUMNS } from '@/lib/portfolio/columns';
import { patentName } from '@/lib/portfolio/patent-name';
import { matchLabel, type SearchMatch } from '@/lib/portfolio/search-key';
import { patentStatusLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';

/**
 * A patent as the table shows it; during a search, with what it matched; for a user of several
 * clients, its client's name.
 */
export type PatentRow = Patent & { match?: SearchMatch; client?: string };

/** Shown only during a search; not a column of lib/portfolio/columns.ts (nothing to export). */
export const MATCH_COLUMN_ID = 'match';
/** Shown only when the rows name their client (the export adds it the same way). */
export const CLIENT_COLUMN_ID = 'client';

type Drawn = Pick<TableColumn<PatentRow>, 'cell' | 'className'>;

/** Long free text stays on one line, cut at a width, whole in its tooltip. */
const cut = (value: string | null, className: string) => (
  <span className={className} title={value ?? undefined}>
    {value ?? '—'}
  </span>
);

/** The cells drawn otherwise than as their exported text (a link, a badge, a date in the reader's format). */
function drawnCells(locale: string): Readonly<Record<string, Drawn>> {
  const date = (value: string | null) => (value ? formatDate(value, locale) : '—');
  const dateColumn = (value: (patent: Patent) => string | null): Drawn => ({
    className: 'tabular-nums',
    cell: (patent) => date(value(patent)),
  });
  return {
    clientCaseReference: {
      cell: (patent) => (
        <PatentLink patentId={patent.id} inLongList>
          {patentName(patent)}
        </PatentLink>
      ),
    },
    title: { cell: (patent) => cut(patent.title, 'block max-w-72 truncate') },
    status: { cell: (patent) => <EnumBadge value={patentStatusLabel(patent.status)} /> },
    applicationDate: dateColumn((patent) => patent.applicationDate),
    grantDate: dateColumn((patent) => patent.grantDate),
    expirationDate: dateColumn((patent) => patent.expirationDate),
    owner: { cell: (patent) => cut(patent.owner, 'block max-w-56 truncate') },
  };
}

const clientColumn: TableColumn<PatentRow> = {
  id: CLIENT_COLUMN_ID,
  header: 'Client',
  cell: (patent) => patent.client ?? '—',
};

const matchColumn: TableColumn<PatentRow> = {
  id: MATCH_COLUMN_ID,
  header: 'Matched',
  cell: (patent) =>
    patent.match ? <span className="text-xs text-muted-foreground">{matchLabel(patent.match)}</span> : null,
};

/**
 * The portfolio table's columns: those of lib/portfolio/columns.ts (ids, headers and order shared
 * with the column menu and the export), each drawn as its exported text unless drawn otherwise
 * above; the client first, and what a search matched beside the case reference.
 */
export function patentColumns(locale: string): TableColumn<PatentRow>[] {
  const drawn = drawnCells(locale);
  return [
    clientColumn,
    ...PATENT_COLUMNS.flatMap((column): TableColumn<PatentRow>[] => {
      const own: TableColumn<PatentRow> = {
        id: column.id,
        header: column.header,
        cell: (patent) => column.value(patent) ?? '—',
        ...drawn[column.id],
      };
      return column.id === 'clientCaseReference' ? [own, matchColumn] : [own];
    }),
  ];
}

/** The service's sort field of each column it sorts on (spec: Endpoints 1). */
export const PATENT_SORT_BY_COLUMN: ReadonlyMap<string, string> = new Map(
  PATENT_COLUMNS.flatMap((column) => (column.sort ? [[column.id, column.sort] as const] : [])),
);
