'use client';

import { deferred } from '@/components/ui/deferred';
import { ColumnsTrigger, type ColumnVisibilityProps } from './column-visibility-trigger';

export type { ColumnVisibilityProps } from './column-visibility-trigger';

/** Until the menu's code arrives: the same button, saying it opens a menu, not yet opening it. */
function ColumnVisibilityPlaceholder({ hidden }: ColumnVisibilityProps) {
  return <ColumnsTrigger type="button" hiddenColumns={hidden} aria-haspopup="menu" aria-expanded={false} />;
}

/**
 * Which columns the table shows (./column-visibility-dropdown.tsx). The menu's code loads after
 * the page hydrates, so no table page carries it in its first load.
 */
export const ColumnVisibilityMenu = deferred(
  () => import('./column-visibility-dropdown').then((module) => module.ColumnVisibilityDropdown),
  ColumnVisibilityPlaceholder,
);
