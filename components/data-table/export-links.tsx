import { Button } from '@/components/ui/button';

export type ExportFormat = 'csv' | 'xlsx';

/** CSV and XLSX downloads of what a table shows (the route builds the file). */
export function ExportLinks({ href }: { href: (format: ExportFormat) => string }) {
  return (
    <>
      <Button asChild variant="outline" size="sm" className="h-8">
        <a href={href('csv')} download>
          Export CSV
        </a>
      </Button>
      <Button asChild variant="outline" size="sm" className="h-8">
        <a href={href('xlsx')} download>
          Export XLSX
        </a>
      </Button>
    </>
  );
}
