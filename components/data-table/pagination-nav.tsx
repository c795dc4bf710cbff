'use client';

import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PAGE_SIZES } from '@/lib/http/limits';

/** Below a paginated table: where we are, rows per page, previous and next. */
export function PaginationNav({
  summary,
  page,
  pageSize,
  hasNext,
  onPage,
  onPageSize,
}: {
  summary: string;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const sizeId = useId();
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">{summary}</p>
      <div className="flex items-center gap-2">
        <Label htmlFor={sizeId} className="font-normal text-muted-foreground">
          Rows per page
        </Label>
        <NativeSelect
          id={sizeId}
          className="h-8"
          value={String(pageSize)}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous page
        </Button>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
