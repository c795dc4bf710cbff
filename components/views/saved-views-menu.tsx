'use client';

import { useState } from 'react';
import { deferred } from '@/components/ui/deferred';
import { type SavedViewsMenuProps, ViewsTrigger, viewsMenuClicks } from './views-trigger';

export type { SavedViewsMenuProps } from './views-trigger';

/**
 * Until the menu's code arrives: the same button, saying it opens a menu. A click meanwhile is
 * remembered (the loaded menu opens at once) and marks the button busy, so it is never lost.
 */
function SavedViewsPlaceholder({ page, views }: SavedViewsMenuProps) {
  const [waiting, setWaiting] = useState(false);
  return (
    <ViewsTrigger
      type="button"
      count={views.length}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={waiting || undefined}
      onClick={() => {
        viewsMenuClicks.remember(page);
        setWaiting(true);
      }}
    />
  );
}

/**
 * The saved views of a page: apply one, save the current one, manage them
 * (./saved-views-dropdown.tsx). Its code loads after the page hydrates and its dialogs on first
 * use, so no page carries them in its first load (bench: JS per route, /renewals is over budget).
 */
export const SavedViewsMenu = deferred(
  () => import('./saved-views-dropdown').then((module) => module.SavedViewsDropdown),
  SavedViewsPlaceholder,
);
