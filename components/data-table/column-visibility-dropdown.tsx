'use client';

import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

import { ColumnsTrigger, type ColumnVisibilityProps } from './column-visibility-trigger';

/**
 * Which columns the table shows; at least one always stays visible. Loaded after the page
 * hydrates (./column-visibility-menu.tsx).
 */
export function ColumnVisibilityDropdown({ columns, hidden, onChange }: ColumnVisibilityProps) {
  const hiddenSet = new Set(hidden);
  const visibleCount = columns.filter((c) => !hiddenSet.has(c.id)).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <ColumnsTrigger hiddenColumns={hidden} />
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
