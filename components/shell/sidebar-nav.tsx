'use client';

import { usePathname } from 'next/navigation';
import { NavLink } from './nav-link';
import type { NavItem } from './navigation';

export function SidebarNav({ items }: { items: readonly NavItem[] }) {
  const pathname = usePathname();
  const matches = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  // The deepest section holding the page is the current one (/renewals/reviews is Reviews, not Renewals).
  const current = items
    .filter((item) => matches(item.href))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    <nav aria-label="Main">
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink href={item.href} current={item.href === current} look="sidebar">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
