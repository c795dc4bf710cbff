'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

const TABS = [
  { href: '/admin', label: 'Users' },
  { href: '/admin/connection', label: 'API connection' },
  { href: '/admin/approvals', label: 'Approvals' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/outbox', label: 'Outbox' },
];

export function AdminTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Administration" className="mb-6 flex gap-1 overflow-x-auto border-b">
      {TABS.map((tab) => {
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
