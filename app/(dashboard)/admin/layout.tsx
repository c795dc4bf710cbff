import type { ReactNode } from 'react';
import { AdminTabs } from '@/components/admin/admin-tabs';
import { PageHeader } from '@/components/shell/page-header';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader
        title="Administration"
        description="Users and roles, the API connection and the audit log."
      />
      <AdminTabs />
      {children}
    </>
  );
}
