import type { ComponentProps } from 'react';
import { cn } from './cn';
import { withClasses } from './with-classes';

/** The table in a bordered frame that scrolls sideways when the table is wider than the page. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = withClasses('thead', 'bg-muted/50 [&_tr]:border-b');
export const TableBody = withClasses('tbody', '[&_tr:last-child]:border-0');
export const TableRow = withClasses('tr', 'border-b transition-colors hover:bg-muted/40');
/** A header cell's and a body cell's own classes, for a table that writes its cells out (components/data-table/table-cells.tsx). */
export const TABLE_HEAD_CLASS =
  'h-10 px-3 text-left align-middle text-xs font-semibold whitespace-nowrap text-muted-foreground';
export const TABLE_CELL_CLASS = 'px-3 py-2 align-middle';
export const TableHead = withClasses('th', TABLE_HEAD_CLASS);
export const TableCell = withClasses('td', TABLE_CELL_CLASS);
export const TableCaption = withClasses('caption', 'mt-3 text-sm text-muted-foreground');
