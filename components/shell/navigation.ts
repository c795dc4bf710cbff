/** The sections of the dashboard, in the order users work through a month. */
import type { Permission } from '@/lib/policy/roles';

export interface NavItem {
  href: string;
  label: string;
  description: string;
  /** The permission the section's page requires; the page itself enforces it. */
  permission: Permission;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    href: '/',
    permission: 'today:read',
    label: 'Today',
    description: 'What needs you now, most urgent first',
  },
  {
    href: '/renewals',
    permission: 'renewals:read',
    label: 'Renewals',
    description: 'Renewals due in a month and the decisions to make',
  },
  {
    href: '/renewals/reviews',
    permission: 'renewals:read',
    label: 'Reviews',
    description: 'Renewals under review, the weakest candidates and the committee pack',
  },
  {
    href: '/approvals',
    permission: 'approvals:decide',
    label: 'Approvals',
    description: 'Batches waiting for a manager before they are sent',
  },
  {
    href: '/portfolio',
    permission: 'portfolio:read',
    label: 'Portfolio',
    description: 'Every patent under management',
  },
  {
    href: '/tracking',
    permission: 'tracking:read',
    label: 'Tracking',
    description: 'Processing status of instructed renewals',
  },
  {
    href: '/invoices',
    permission: 'invoices:read',
    label: 'Invoices',
    description: 'Invoices and their reconciliation',
  },
  {
    href: '/analytics',
    permission: 'analytics:read',
    label: 'Analytics',
    description: 'What renewals cost, and why',
  },
  {
    href: '/rate-freezes',
    permission: 'rate-freezes:read',
    label: 'Rate freezes',
    description: "Freeze a month's exchange rates",
  },
  {
    href: '/notifications',
    permission: 'notifications:read',
    label: 'Notifications',
    description: 'Reminders and alerts, and what you receive',
  },
  {
    href: '/admin',
    permission: 'users:manage',
    label: 'Admin',
    description: 'Users, roles, the API connection and the audit log',
  },
];
