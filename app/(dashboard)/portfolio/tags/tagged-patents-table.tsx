'use client';

import { SortableDataTable } from '@/components/data-table/sortable-data-table';
import { PatentLink } from '@/components/portfolio/patent-link';
import type { TableColumn } from '@/lib/table/columns';

export interface TaggedPatentRow {
  /** Its client's name, for a user of several clients. */
  client?: string;
  id: string;
  name: string;
  office: string | null;
  family: string | null;
}

/** Module scope: the sorting table's columns must be stable between renders. */
const COLUMNS: readonly TableColumn<TaggedPatentRow>[] = [
  {
    id: 'patent',
    header: 'Patent',
    cell: (row) => <PatentLink patentId={row.id}>{row.name}</PatentLink>,
    sort: (row) => row.name,
  },
  { id: 'office', header: 'Office', cell: (row) => row.office ?? '—', sort: (row) => row.office },
  { id: 'family', header: 'Family', cell: (row) => row.family ?? '—', sort: (row) => row.family },
];
const LABELLED_COLUMNS: readonly TableColumn<TaggedPatentRow>[] = [
  { id: 'client', header: 'Client', cell: (row) => row.client ?? '—', sort: (row) => row.client ?? null },
  ...COLUMNS,
];

/**
 * One tag's patents, sorted in the browser by patent, office or family (and client, when the rows
 * name theirs).
 */
export function TaggedPatentsTable({
  tag,
  rows,
  labelled = false,
}: {
  tag: string;
  rows: readonly TaggedPatentRow[];
  labelled?: boolean;
}) {
  return (
    <SortableDataTable
      label={`Patents tagged ${tag}`}
      columns={labelled ? LABELLED_COLUMNS : COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}
