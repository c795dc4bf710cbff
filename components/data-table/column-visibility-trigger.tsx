'use client';

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

interface ToggleableColumn {
  id: string;
  header: string;
}

export interface ColumnVisibilityProps {
  columns: readonly ToggleableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** The menu's button, saying how many columns are hidden. The trigger, and its placeholder. */
export function ColumnsTrigger({
  hiddenColumns,
  ...button
}: { hiddenColumns: readonly string[] } & ComponentProps<'button'>) {
  return (
    <Button variant="outline" size="sm" className="h-8" {...button}>
      Columns{hiddenColumns.length > 0 ? ` (${hiddenColumns.length} hidden)` : ''}
    </Button>
  );
}
