import { PATENT_SORT_FIELDS, type PatentSortField } from '@/lib/annuity/enums';
import type { Patent } from '@/lib/annuity/schemas';
import type { ExportValue } from '@/lib/renewals/columns';
import { filingRouteLabel, humanize, patentStatusLabel } from '@/lib/renewals/labels';

/**
 * The portfolio table's columns as data, shared by the table, its column menu and the export.
 * `sort` names the service's sort field (PATENT_SORT_FIELDS): only five fields can be sorted, on
 * the server (spec: Endpoints 1).
 */
export interface PatentColumn {
  id: string;
  header: string;
  sort?: PatentSortField;
  /** The value as text: exported as it is, and the table's cell unless the table draws it otherwise. */
  value: (patent: Patent) => string | null;
  /** Hidden until the user asks for it, to keep the table scannable. */
  hiddenByDefault?: boolean;
}

export const PATENT_COLUMNS: readonly PatentColumn[] = [
  {
    id: 'clientCaseReference',
    header: 'Case reference',
    sort: 'clientCaseReference',
    value: (p) => p.clientCaseReference,
  },
  { id: 'providerId', header: 'Provider ID', value: (p) => p.providerId },
  { id: 'title', header: 'Title', value: (p) => p.title },
  { id: 'office', header: 'Office', sort: 'office', value: (p) => p.office },
  { id: 'patentType', header: 'Type', value: (p) => humanize(p.patentType) || null },
  {
    id: 'status',
    header: 'Status',
    sort: 'status',
    value: (p) => patentStatusLabel(p.status)?.label ?? null,
  },
  { id: 'filingRoute', header: 'Filing route', value: (p) => filingRouteLabel(p.filingRoute) || null },
  {
    id: 'applicationNumber',
    header: 'Application number',
    value: (p) => p.applicationNumber,
    hiddenByDefault: true,
  },
  {
    id: 'applicationDate',
    header: 'Application date',
    sort: 'applicationDate',
    value: (p) => p.applicationDate,
  },
  {
    id: 'publicationNumber',
    header: 'Publication number',
    sort: 'publicationNumber',
    value: (p) => p.publicationNumber,
    hiddenByDefault: true,
  },
  { id: 'grantDate', header: 'Grant date', value: (p) => p.grantDate },
  { id: 'expirationDate', header: 'Expiration date', value: (p) => p.expirationDate },
  { id: 'owner', header: 'Owner', value: (p) => p.owner },
  {
    id: 'clientFamilyReference',
    header: 'Family',
    value: (p) => p.clientFamilyReference,
    hiddenByDefault: true,
  },
];

export const PATENT_COLUMN_IDS = PATENT_COLUMNS.map((column) => column.id);
export const DEFAULT_HIDDEN_PATENT_COLUMNS = PATENT_COLUMNS.filter((c) => c.hiddenByDefault).map((c) => c.id);

/**
 * The export's rows: the visible columns; first a Client column when the rows name their client
 * (`clients`, one per patent: the user works for several clients), as the table shows it.
 */
export function patentExportTable(
  patents: readonly Patent[],
  visibleColumnIds: readonly string[],
  clients?: readonly string[],
): ExportValue[][] {
  const visible = new Set(visibleColumnIds);
  const columns = PATENT_COLUMNS.filter((column) => visible.has(column.id));
  const client = (index: number): ExportValue[] => (clients ? [clients[index] ?? null] : []);
  return [
    [...(clients ? ['Client'] : []), ...columns.map((column) => column.header)],
    ...patents.map((patent, index) => [...client(index), ...columns.map((column) => column.value(patent))]),
  ];
}

/**
 * The portfolio's order when the address names none: by case reference, the client's own name
 * for a patent (patents without one last), then by id, so a page always holds the same patents.
 */
export const DEFAULT_PATENT_SORT = 'clientCaseReference';

/** The order a portfolio list is in, in words: "Sorted by case reference", "…office, descending". */
export function patentSortCaption(sort: string | null | undefined): string {
  const parsed = parsePatentSort(sort ?? DEFAULT_PATENT_SORT) ?? parsePatentSort(DEFAULT_PATENT_SORT);
  const column = PATENT_COLUMNS.find((candidate) => candidate.sort === parsed?.field);
  return `Sorted by ${(column?.header ?? 'case reference').toLowerCase()}${parsed?.desc ? ', descending' : ''}`;
}

/** `field` ascending or `-field` descending, only for the five fields the service sorts on. */
export function parsePatentSort(
  value: string | null | undefined,
): { field: PatentSortField; desc: boolean } | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  return (PATENT_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as PatentSortField, desc }
    : null;
}
