'use client';

import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export interface FacetOption {
  value: string;
  label: string;
  count?: number;
}

export interface FacetedFilterProps {
  title: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  searchable?: boolean;
}

/** The filter's button: its name and what is chosen. The popover's trigger, and its placeholder. */
export function FacetTrigger({
  title,
  options,
  selected,
  ...button
}: Pick<FacetedFilterProps, 'title' | 'options' | 'selected'> & ComponentProps<'button'>) {
  return (
    <Button variant="outline" size="sm" className="h-8 border-dashed" {...button}>
      {title}
      {selected.length > 0 ? (
        <Badge tone="info" className="ml-1">
          {selected.length === 1
            ? (options.find((o) => o.value === selected[0])?.label ?? selected[0])
            : `${selected.length} selected`}
        </Badge>
      ) : null}
    </Button>
  );
}
