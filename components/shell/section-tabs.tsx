'use client';

import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { NavLink } from './nav-link';

export interface SectionTab {
  href: string;
  label: string;
}

/**
 * The tabs of a section with sub-pages (administration, analytics): links, the current one marked
 * with aria-current for screen readers as well as by its underline.
 */
export function SectionTabs({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: readonly SectionTab[];
  className?: string;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={cn('flex gap-1 overflow-x-auto', className)}>
      {tabs.map((tab) => (
        <NavLink key={tab.href} href={tab.href} current={pathname === tab.href} look="tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
