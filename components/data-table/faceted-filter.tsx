'use client';

import { deferred } from '@/components/ui/deferred';
import { type FacetedFilterProps, FacetTrigger } from './faceted-filter-trigger';

export type { FacetedFilterProps, FacetOption } from './faceted-filter-trigger';

/** Until the popover's code arrives: the same button, saying it opens a dialog, not yet opening it. */
function FacetedFilterPlaceholder({ title, options, selected }: FacetedFilterProps) {
  return (
    <FacetTrigger
      title={title}
      options={options}
      selected={selected}
      aria-haspopup="dialog"
      aria-expanded={false}
    />
  );
}

/**
 * A multi-select filter in a popover (./faceted-filter-popover.tsx). The popover and its
 * positioning code load after the page hydrates, so no table page carries them in its first load.
 */
export const FacetedFilter = deferred(
  () => import('./faceted-filter-popover').then((module) => module.FacetedFilterPopover),
  FacetedFilterPlaceholder,
);
