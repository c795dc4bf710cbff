'use client';

import { SortableDataTable } from '@/components/data-table/sortable-data-table';
import { PatentLink } from '@/components/portfolio/patent-link';
import type { TableColumn } from '@/lib/table/columns';

export interface TaggedPatentRow {
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

/** One tag's patents, sorted in the browser by patent, office or family. */
export function TaggedPatentsTable({ tag, rows }: { tag: string; rows: readonly TaggedPatentRow[] }) {
  return (
    <SortableDataTable
      label={`Patents tagged ${tag}`}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}
