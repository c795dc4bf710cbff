'use client';

import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { earlyClicks } from '@/components/ui/deferred';
import type { SavedViewItem, SavedViewPage } from '@/lib/views/pages';

export interface SavedViewsMenuProps {
  page: SavedViewPage;
  /** The viewer's own views of the page and those others shared, read by the server page. */
  views: readonly SavedViewItem[];
}

/** Clicks on the placeholder before the menu's code arrived, by page (./saved-views-menu.tsx). */
export const viewsMenuClicks = earlyClicks();

/** The "Views" button: the menu's trigger, and its placeholder until the menu's code arrives. */
export function ViewsTrigger({ count, ...button }: { count: number } & ComponentProps<'button'>) {
  return (
    <Button variant="outline" size="sm" className="h-8" {...button}>
      Views{count > 0 ? ` (${count})` : ''}
    </Button>
  );
}
