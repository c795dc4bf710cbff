'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SHORTCUT_HELP, type ShortcutHelpKind } from '@/lib/decisions/shortcut-help';

/** How a key is written for people: Shift+A rather than "A", and names for named keys. */
function keyName(key: string): string {
  if (key === 'Escape') return 'Esc';
  if (key === '?') return 'Shift+/';
  if (key.length === 1 && key !== key.toLowerCase()) return `Shift+${key.toLowerCase()}`;
  return key;
}

/** The page's shortcuts, listed; loaded only when "?" or the button first opens it. */
export function ShortcutHelpDialog({
  open,
  onOpenChange,
  kind,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ShortcutHelpKind;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>
          They work anywhere on this page except while you type in a field. Keys shown as “then” are pressed
          one after the other.
        </DialogDescription>
        {SHORTCUT_HELP[kind].map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="mb-1 text-sm font-semibold">{group.title}</h3>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.keys.join(' ')} className="contents">
                  <dt>
                    {shortcut.keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 ? <span className="mx-1 text-muted-foreground">then</span> : null}
                        <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                          {keyName(key)}
                        </kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{shortcut.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        {/* A control inside keeps the list reachable by keyboard when it scrolls (axe: scrollable-region-focusable). */}
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Close
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
