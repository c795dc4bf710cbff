import type { ReactNode } from 'react';
import { AdminTabs } from '@/components/admin/admin-tabs';
import { PageHeader } from '@/components/shell/page-header';
import { requireViewer } from '@/lib/server/auth/session';

/**
 * Every admin page is the administrator's alone; the check is here, above the loading.tsx
 * boundary, so other roles get a real 403 (each page checks its own permission again).
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireViewer('users:manage');
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
