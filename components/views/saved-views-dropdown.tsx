'use client';

import Link from 'next/link';
import { DropdownMenu as Menu } from 'radix-ui';
import { lazy, Suspense, useRef, useState } from 'react';
import { DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { type SavedViewItem, savedViewHref } from '@/lib/views/pages';
import type { ViewDialog } from './saved-view-dialogs';
import { type SavedViewsMenuProps, ViewsTrigger, viewsMenuClicks } from './views-trigger';

// The save and manage dialogs load when one is first opened.
const SavedViewDialogs = lazy(() =>
  import('./saved-view-dialogs').then((module) => ({ default: module.SavedViewDialogs })),
);

const ITEM =
  'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent data-[disabled]:opacity-50';

/**
 * The page's saved views: each opens the page with its query; below them, save the current view
 * and manage one's views (rename, share, copy a link, delete). Loaded after the page hydrates
 * (./saved-views-menu.tsx).
 */
export function SavedViewsDropdown({ page, views: initial }: SavedViewsMenuProps) {
  // Changes made here, until the server page sends its list again (after a navigation).
  const [edited, setEdited] = useState<{ base: readonly SavedViewItem[]; views: SavedViewItem[] } | null>(
    null,
  );
  const views = edited && edited.base === initial ? edited.views : initial;
  const setViews = (next: SavedViewItem[]) => setEdited({ base: initial, views: next });
  const [dialog, setDialog] = useState<ViewDialog | null>(null);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A click on the placeholder while this code loaded opens the menu now (components/ui/deferred.tsx).
  const [menuOpen, setMenuOpen] = useState(() => viewsMenuClicks.take(page));
  // A dialog opened from the menu keeps the focus; the menu would return it to its button.
  const opening = useRef(false);
  const open = (which: ViewDialog) => {
    opening.current = true;
    setLoaded(true);
    setDialog(which);
  };
  const mine = views.filter((view) => view.mine);
  const shared = views.filter((view) => !view.mine);
  return (
    <>
      {/* Not modal: a modal menu closing as a dialog opens can leave the page unclickable. */}
      <Menu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
        <Menu.Trigger asChild>
          <ViewsTrigger ref={trigger} count={views.length} />
        </Menu.Trigger>
        <DropdownMenuContent
          align="end"
          className="max-w-80"
          onCloseAutoFocus={(event) => {
            if (!opening.current) return;
            opening.current = false;
            event.preventDefault();
          }}
        >
          {mine.length > 0 ? <DropdownMenuLabel>Your views</DropdownMenuLabel> : null}
          {mine.map((view) => (
            <ViewItem key={view.id} view={view} />
          ))}
          {shared.length > 0 ? <DropdownMenuLabel>Shared with everyone</DropdownMenuLabel> : null}
          {shared.map((view) => (
            <ViewItem key={view.id} view={view} />
          ))}
          {views.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">No saved views of this page yet.</p>
          ) : null}
          <DropdownMenuSeparator />
          <Menu.Item className={ITEM} onSelect={() => open('save')}>
            Save current view…
          </Menu.Item>
          {views.length > 0 ? (
            <Menu.Item className={ITEM} onSelect={() => open('manage')}>
              Manage views…
            </Menu.Item>
          ) : null}
        </DropdownMenuContent>
      </Menu.Root>
      {loaded ? (
        <Suspense fallback={null}>
          <SavedViewDialogs
            page={page}
            views={views}
            dialog={dialog}
            onDialogChange={setDialog}
            onViewsChange={setViews}
            returnFocus={() => trigger.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ViewItem({ view }: { view: SavedViewItem }) {
  return (
    <Menu.Item asChild className={ITEM}>
      <Link href={savedViewHref(view)}>
        <span className="truncate">{view.name}</span>
        {view.mine ? (
          view.shared ? (
            <span className="ml-auto text-xs text-muted-foreground">shared</span>
          ) : null
        ) : (
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">by {view.ownerName}</span>
        )}
      </Link>
    </Menu.Item>
  );
}
