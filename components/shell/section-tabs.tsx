'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

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
      {tabs.map((tab) => {
        const active = pathname === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active && 'border-primary text-foreground',
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
