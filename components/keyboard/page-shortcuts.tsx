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
 * The shortcuts every page section with a keyboard workflow shares: "?" lists them (a dialog that
 * loads on demand), "/" focuses the page's search field when there is one, "g t" goes to Today.
 * Renders the button that opens the same list, for those who do not know "?" yet.
 */
export function PageShortcuts({ help }: { help: ShortcutHelpKind }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  useShortcuts({
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
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="h-8" aria-keyshortcuts="?" onClick={show}>
        <Keyboard aria-hidden="true" />
        Keyboard shortcuts
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ShortcutHelpDialog open={open} onOpenChange={setOpen} kind={help} />
        </Suspense>
      ) : null}
    </>
  );
}
