'use client';

import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { fetchSavedViews } from '@/components/views/views-api';
import { isSearchable, MAX_SEARCH_LENGTH } from '@/lib/portfolio/search-key';
import { filterCommands, moveActive } from '@/lib/views/command-filter';
import { SAVED_VIEW_PAGE_LABELS, type SavedViewItem, savedViewHref } from '@/lib/views/pages';
import { useSignOut } from './use-sign-out';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sections this role may open (components/shell/navigation.ts, filtered with can()). */
  sections: readonly { href: string; label: string; description: string }[];
  /** Whether the role may read the portfolio: then typed text can be searched for there. */
  canSearch: boolean;
  /** Whether the role decides: then the review of the draft is a command. */
  canReview: boolean;
  /** Whether the role may read a page with saved views (renewals, portfolio, invoices). */
  hasViews: boolean;
}

const GROUPS = ['Go to', 'Saved views', 'Actions', 'Search'] as const;
type Group = (typeof GROUPS)[number];

interface Command {
  id: string;
  group: Group;
  label: string;
  /** Shown beside the label, and matched like it. */
  hint?: string;
  keywords?: string;
  run: () => void;
}

/**
 * The command palette: go to any section this role may open, run an action, apply a
 * saved view, or search the portfolio for what was typed. A combobox over a list box (WAI-ARIA
 * APG: the focus stays in the field, aria-activedescendant names the option the arrows chose,
 * Enter runs it, Esc closes). Loaded on the first Ctrl+K (./command-palette-mount.tsx).
 */
export function CommandPalette({
  open,
  onOpenChange,
  sections,
  canSearch,
  canReview,
  hasViews,
}: CommandPaletteProps) {
  const router = useRouter();
  const signOut = useSignOut();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [views, setViews] = useState<SavedViewItem[] | null>(null);
  const [viewsFailed, setViewsFailed] = useState(false);

  // Each opening starts afresh; the views are read again, as someone may have shared one since.
  useEffect(() => {
    if (!open) return;
    setTyped('');
    setActive(0);
    if (!hasViews) return;
    let current = true;
    fetchSavedViews().then(
      (list) => {
        if (!current) return;
        setViews(list);
        setViewsFailed(false);
      },
      () => {
        if (current) setViewsFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [open, hasViews]);

  const commands = useMemo(() => {
    const go = (href: string) => () => {
      onOpenChange(false);
      router.push(href);
    };
    const list: Command[] = sections.map((section) => ({
      id: `section:${section.href}`,
      group: 'Go to',
      label: section.label,
      keywords: section.description,
      run: go(section.href),
    }));
    list.push({
      id: 'section:/account',
      group: 'Go to',
      label: 'Your account',
      keywords: 'profile password locale',
      run: go('/account'),
    });
    for (const view of views ?? []) {
      list.push({
        id: `view:${view.id}`,
        group: 'Saved views',
        label: view.name,
        hint: `${SAVED_VIEW_PAGE_LABELS[view.page]}${view.mine ? '' : `, shared by ${view.ownerName}`}`,
        keywords: 'view saved',
        run: go(savedViewHref(view)),
      });
    }
    list.push({
      id: 'action:today',
      group: 'Actions',
      label: 'Go to Today',
      keywords: 'home start',
      run: go('/'),
    });
    if (canReview) {
      list.push({
        id: 'action:review',
        group: 'Actions',
        label: 'Review and send your decisions',
        keywords: 'draft open review batch',
        run: go('/renewals/review'),
      });
    }
    list.push({
      id: 'action:sign-out',
      group: 'Actions',
      label: 'Sign out',
      keywords: 'log out leave',
      run: () => {
        onOpenChange(false);
        signOut.mutate();
      },
    });
    return list;
  }, [sections, views, canReview, onOpenChange, router, signOut.mutate]);

  const shown = useMemo(() => {
    const matches = filterCommands(
      commands.map((command) => ({
        ...command,
        keywords: `${command.hint ?? ''} ${command.keywords ?? ''}`,
      })),
      typed,
    );
    const text = typed.trim().slice(0, MAX_SEARCH_LENGTH);
    // Whatever was typed can be looked for in the portfolio, by any of a patent's numbers.
    if (canSearch && isSearchable(text)) {
      matches.push({
        id: 'search',
        group: 'Search',
        label: `Search the portfolio for “${text}”`,
        keywords: '',
        run: () => {
          onOpenChange(false);
          router.push(`/portfolio?q=${encodeURIComponent(text)}`);
        },
      });
    }
    // Grouped in a fixed order; best matches first within each group.
    return GROUPS.flatMap((group) => matches.filter((command) => command.group === group));
  }, [commands, typed, canSearch, onOpenChange, router]);

  const activeIndex = Math.min(active, shown.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(activeIndex, shown.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      shown[activeIndex]?.run();
    }
  };

  const listId = `${id}-list`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The dialog scrolls, not the list, and the field stays on top: a scrolling region is then one
          that holds the focus (axe: scrollable-region-focusable). */}
      <DialogContent className="top-[15%] max-h-[70vh] max-w-xl translate-y-0 gap-0 p-0">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Type to filter; Up and Down arrows choose, Enter runs, Escape closes.
        </DialogDescription>
        <input
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-autocomplete="list"
          aria-label="Go to, run or search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Go to a section, apply a view, search a patent number…"
          className="sticky top-0 z-10 h-12 w-full border-b bg-background px-4 text-sm outline-none placeholder:text-muted-foreground"
          value={typed}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Commands" className="p-1">
          {GROUPS.map((group) => {
            const inGroup = shown.filter((command) => command.group === group);
            if (inGroup.length === 0) return null;
            return (
              // A group of options inside a list box (a fieldset is no option container).
              // biome-ignore lint/a11y/useSemanticElements: ARIA listbox grouping
              <div key={group} role="group" aria-label={group}>
                <div
                  aria-hidden="true"
                  className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground"
                >
                  {group}
                </div>
                {inGroup.map((command) => {
                  const index = shown.indexOf(command);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the field owns the keys (aria-activedescendant)
                    <div
                      key={command.id}
                      id={optionId(index)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === activeIndex}
                      className={cn(
                        'flex scroll-mt-14 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                        index === activeIndex && 'bg-accent text-accent-foreground',
                      )}
                      onMouseMove={() => setActive(index)}
                      onClick={command.run}
                    >
                      <span className="truncate">{command.label}</span>
                      {command.hint ? (
                        <span className="ml-auto shrink-0 text-xs text-muted-foreground">{command.hint}</span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <p role="status" className="px-4 py-2 text-xs text-muted-foreground">
          {shown.length === 0
            ? 'Nothing matches.'
            : `${shown.length} command${shown.length === 1 ? '' : 's'}`}
          {hasViews && viewsFailed ? ' Saved views could not be read.' : ''}
        </p>
      </DialogContent>
    </Dialog>
  );
}
