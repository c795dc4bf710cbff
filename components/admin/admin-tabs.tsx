import { SectionTabs } from '@/components/shell/section-tabs';

const TABS = [
  { href: '/admin', label: 'Users' },
  { href: '/admin/connection', label: 'API connection' },
  { href: '/admin/approvals', label: 'Approvals' },
  { href: '/admin/keep-score', label: 'Keep score' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/outbox', label: 'Outbox' },
  { href: '/admin/channels', label: 'Chat channels' },
];

export function AdminTabs() {
  return <SectionTabs label="Administration" tabs={TABS} className="mb-6 border-b" />;
}
