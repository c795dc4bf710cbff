'use client';

import { Keyboard } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ShortcutHelpKind } from '@/lib/decisions/shortcut-help';
import { useShortcuts } from './use-shortcuts';

// The dialog and its Radix code load on the first "?" only (bench: JS per route ≤ 200 KiB gzip).
const ShortcutHelpDialog = lazy(() =>
  import('./shortcut-help-dialog').then((module) => ({ default: module.ShortcutHelpDialog })),
);

/** The page's search field, if it has one: an explicit marker first, then any search box. */
const SEARCH_FIELD_SELECTOR = '[data-page-search], main input[type="search"], main [role="searchbox"]';

/**
 * The shortcuts every page shares: "?" lists them (a dialog that loads on demand), "/" focuses the
 * page's search field when there is one, "g t" goes to Today. Returns how to open the list and the
 * dialog to render.
 */
function useHelpShortcuts(help: ShortcutHelpKind, fallback: boolean) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  useShortcuts(
    {
      '?': () => {
        show();
        return true;
      },
      '/': () => {
        const field = document.querySelector<HTMLElement>(SEARCH_FIELD_SELECTOR);
        if (!field) return false;
        field.focus();
        return true;
      },
      'g t': () => {
        router.push('/');
        return true;
      },
    },
    true,
    { fallback },
  );
  const dialog = loaded ? (
    <Suspense fallback={null}>
      <ShortcutHelpDialog open={open} onOpenChange={setOpen} kind={help} />
    </Suspense>
  ) : null;
  return { show, dialog };
}

/**
 * A page section with a keyboard workflow of its own (the month view): its list of shortcuts, and
 * the button that opens it for those who do not know "?" yet.
 */
export function PageShortcuts({ help }: { help: ShortcutHelpKind }) {
  const { show, dialog } = useHelpShortcuts(help, false);
  return (
    <>
      <Button variant="ghost" size="sm" className="h-8" aria-keyshortcuts="?" onClick={show}>
        <Keyboard aria-hidden="true" />
        Keyboard shortcuts
      </Button>
      {dialog}
    </>
  );
}

/**
 * "?", "/" and "g t" on every page of the dashboard (mounted by its layout), not only where a
 * page lists shortcuts of its own; a page's PageShortcuts takes the keys over while it is shown.
 */
export function SiteShortcuts() {
  return useHelpShortcuts('page', true).dialog;
}
