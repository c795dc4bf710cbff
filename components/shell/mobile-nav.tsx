'use client';

import { usePathname } from 'next/navigation';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import type { NavItem } from './navigation';
import { SidebarNav } from './sidebar-nav';

/**
 * The sections on screens narrower than the sidebar's breakpoint (md, 768 px), where the sidebar is
 * hidden. A native disclosure: it opens with Enter or Space like any button, closes with Escape, and
 * closes itself once a section has been chosen.
 */
export function MobileNav({
  items,
  top,
}: {
  items: readonly NavItem[];
  /** Drawn above the sections: the client switcher, for users of several clients. */
  top?: ReactNode;
}) {
  const pathname = usePathname();
  const disclosure = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close
  useEffect(() => {
    if (disclosure.current) disclosure.current.open = false;
  }, [pathname]);
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const element = disclosure.current;
    if (event.key !== 'Escape' || !element?.open) return;
    element.open = false;
    element.querySelector('summary')?.focus();
  };
  return (
    <details ref={disclosure} className="relative md:hidden" onKeyDown={closeOnEscape}>
      <summary className="cursor-pointer list-none rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        Menu
      </summary>
      <div className="absolute left-0 top-full z-40 mt-2 w-64 rounded-md border bg-background p-2 shadow-lg">
        {top ? <div className="mb-2 px-1">{top}</div> : null}
        <SidebarNav items={items} />
      </div>
    </details>
  );
}
