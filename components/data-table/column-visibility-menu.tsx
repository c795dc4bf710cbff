'use client';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface ToggleableColumn {
  id: string;
  header: string;
}

/** Which columns the table shows; at least one always stays visible. */
export function ColumnVisibilityMenu({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ToggleableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const hiddenSet = new Set(hidden);
  const visibleCount = columns.filter((c) => !hiddenSet.has(c.id)).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-8">
          Columns{hidden.length > 0 ? ` (${hidden.length} hidden)` : ''}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => {
          const visible = !hiddenSet.has(column.id);
          return (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={visible}
              disabled={visible && visibleCount === 1}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) =>
                onChange(
                  checked
                    ? hidden.filter((id) => id !== column.id)
                    : [...hidden.filter((id) => id !== column.id), column.id],
                )
              }
            >
              {column.header}
            </DropdownMenuCheckboxItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
