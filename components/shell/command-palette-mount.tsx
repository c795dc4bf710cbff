'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CommandPaletteProps } from './command-palette';

// The palette, its list and its commands load on the first Ctrl+K (or click), never with the page.
const CommandPalette = lazy(() =>
  import('./command-palette').then((module) => ({ default: module.CommandPalette })),
);

/**
 * Ctrl+K (Cmd+K on a Mac) from anywhere in the dashboard opens the command palette. Its
 * own listener, since the page shortcuts (components/keyboard) never take a press with Ctrl or
 * Cmd; this one key is taken even while typing in a field, as in other applications. The button
 * is the same for those who prefer a pointer or do not know the key yet.
 */
export function CommandPaletteMount(props: Omit<CommandPaletteProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 'k' || event.isComposing) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((was) => !was);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="hidden md:inline-flex"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Go to…
        <kbd className="rounded border bg-muted px-1 font-mono text-xs text-muted-foreground">Ctrl K</kbd>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPalette {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
