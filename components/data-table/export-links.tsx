import { Button } from '@/components/ui/button';

export type ExportFormat = 'csv' | 'xlsx';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * CSV and XLSX downloads of what a table shows (the route builds the file): one wording on every
 * page. Where a page has several tables, `of` names the table for screen readers ("Export CSV of
 * the budget comparison"), so the links are not five alike.
 */
export function ExportLinks({ href, of }: { href: (format: ExportFormat) => string; of?: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {FORMATS.map((format) => (
        <Button key={format} asChild variant="outline" size="sm" className="h-8">
          <a href={href(format)} download>
            Export {format.toUpperCase()}
            {of ? <span className="sr-only"> of {of}</span> : null}
          </a>
        </Button>
      ))}
    </div>
  );
}
