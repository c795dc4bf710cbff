import type { ReactNode } from 'react';
import { type ExportFormat, ExportLinks } from '@/components/data-table/export-links';

/** One analytics table under its heading, with its CSV and XLSX downloads and a line on what it shows. */
export function TableSection({
  id,
  title,
  exportHref,
  description,
  children,
}: {
  id: string;
  title: string;
  exportHref: (format: ExportFormat) => string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <ExportLinks href={exportHref} of={title.toLowerCase()} />
      </div>
      <div className="text-sm text-muted-foreground">{description}</div>
      {children}
    </section>
  );
}
