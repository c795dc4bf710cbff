'use client';

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/components/ui/cn';

export type SortState = 'asc' | 'desc' | false;

/** aria-sort for the header cell that holds a SortButton. */
export function ariaSort(state: SortState): 'ascending' | 'descending' | 'none' {
  return state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none';
}

/** A column header that sorts on click: ascending, then descending, then back to the default. */
export function SortButton({
  label,
  state,
  onToggle,
}: {
  label: string;
  state: SortState;
  onToggle: () => void;
}) {
  const Icon = state === 'asc' ? ArrowUp : state === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onToggle}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        state && 'text-foreground',
      )}
    >
      {label}
      <Icon aria-hidden="true" className={cn('size-3.5', !state && 'opacity-40')} />
    </button>
  );
}

/** The next state of a three-step sort toggle. */
export function nextSort(state: SortState): SortState {
  return state === false ? 'asc' : state === 'asc' ? 'desc' : false;
}
