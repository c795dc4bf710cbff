import type { ReactNode } from 'react';
import { ExportLinks } from '@/components/data-table/export-links';
import { clientQueryPart } from '@/lib/clients/client-filter';

export interface TableSectionProps<Table extends string> {
  id: string;
  title: string;
  /** Which of the page's tables the downloads hold (the export route's `table`). */
  table: Table;
  /** The client chosen in the filter: the downloads hold that client's rows too. */
  client?: string;
  description: ReactNode;
  children: ReactNode;
}

/**
 * One analytics table under its heading, with its CSV and XLSX downloads from `exportPath` and a
 * line on what it shows.
 */
export function TableSection<Table extends string>({
  exportPath,
  id,
  title,
  table,
  client,
  description,
  children,
}: TableSectionProps<Table> & { exportPath: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <ExportLinks
          href={(format) => `${exportPath}?table=${table}&format=${format}${clientQueryPart(client)}`}
          of={title.toLowerCase()}
        />
      </div>
      <div className="text-sm text-muted-foreground">{description}</div>
      {children}
    </section>
  );
}
