'use client';

import { cn } from '@/components/ui/cn';
import { LineIcon } from '@/components/ui/line-icon';
import type { HeaderSorting } from './table-cells';

export type SortState = 'asc' | 'desc' | false;

/**
 * The sort direction as a small stroke drawing: up, down, or both. Drawn here rather than taken from
 * the icon library, which the table pages would otherwise load for these three alone.
 */
function SortIcon({ state }: { state: SortState }) {
  return (
    <LineIcon className={cn('size-3.5', !state && 'opacity-40')}>
      {state === 'asc' ? <path d="M12 19V5M6 11l6-6 6 6" /> : null}
      {state === 'desc' ? <path d="M12 5v14M6 13l6 6 6-6" /> : null}
      {state === false ? <path d="M8 20V4M4 8l4-4 4 4M16 4v16M12 16l4 4 4-4" /> : null}
    </LineIcon>
  );
}

/** A column header that sorts on click: ascending, then descending, then back to the default. */
function SortButton({ label, state, onToggle }: { label: string; state: SortState; onToggle: () => void }) {
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
      <SortIcon state={state} />
    </button>
  );
}

/** The next state of a three-step sort toggle. */
function nextSort(state: SortState): SortState {
  return state === false ? 'asc' : state === 'asc' ? 'desc' : false;
}

/**
 * A table's header sorting (./table-cells.tsx): `state` says how each column is sorted (null: it
 * does not sort), and a header's button asks `onSort` for that column's next state (ascending,
 * descending, none). Who sorts (TanStack in the browser, the view model, the server through the
 * address) is the caller's.
 */
export function headerSorting(
  state: (columnId: string) => SortState | null,
  onSort: (columnId: string, next: SortState) => void,
): HeaderSorting {
  return {
    state,
    button: (header, columnId, current) => (
      <SortButton label={header} state={current} onToggle={() => onSort(columnId, nextSort(current))} />
    ),
  };
}
