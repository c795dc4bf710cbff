import type { Metadata } from 'next';
import Link from 'next/link';
import { MarkReadButton } from '@/components/notifications/mark-read-button';
import { NotificationList } from '@/components/notifications/notification-list';
import { PageHeader } from '@/components/shell/page-header';
import { Button } from '@/components/ui/button';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale } from '@/lib/server/http/request-context';
import { listNotifications } from '@/lib/server/notifications/app';

export const metadata: Metadata = { title: 'Notifications' };

export default async function NotificationsPage() {
  const viewer = await requireViewer('notifications:read');
  const scope = await pageClientScope(viewer.userId);
  const [{ items, unread }, locale] = await Promise.all([
    listNotifications(viewer.userId, scope),
    pageLocale(),
  ]);
  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
        actions={
          <>
            {unread > 0 ? <MarkReadButton label="Mark all read" /> : null}
            <Button asChild variant="ghost" size="sm">
              <Link href="/settings/notifications">Preferences</Link>
            </Button>
          </>
        }
      />
      <NotificationList items={items} locale={locale} />
    </>
  );
}
