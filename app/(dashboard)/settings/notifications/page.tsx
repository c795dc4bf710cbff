import type { Metadata } from 'next';
import { CalendarFeedPanel } from '@/components/notifications/calendar-feed-panel';
import { PreferencesForm } from '@/components/notifications/preferences-form';
import { PageHeader } from '@/components/shell/page-header';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { calendarFeedState, readPreferences } from '@/lib/server/notifications/app';

export const metadata: Metadata = { title: 'Notification preferences' };

export default async function NotificationSettingsPage() {
  const viewer = await requireViewer('notifications:read');
  const [preferences, feed] = await Promise.all([
    readPreferences(viewer.userId),
    can(viewer.role, 'renewals:read') ? calendarFeedState(viewer.userId) : null,
  ]);
  return (
    <>
      <PageHeader
        title="Notification preferences"
        description="What reaches you, how, and when. Digests and reminders follow your role's Today."
      />
      <section aria-labelledby="preferences-heading" className="mb-10">
        <h2 id="preferences-heading" className="sr-only">
          Preferences
        </h2>
        <PreferencesForm initial={preferences} timeZones={Intl.supportedValuesOf('timeZone')} />
      </section>
      {can(viewer.role, 'renewals:read') ? (
        <section aria-labelledby="calendar-heading">
          <h2 id="calendar-heading" className="mb-2 text-lg font-semibold">
            Calendar feed
          </h2>
          <CalendarFeedPanel initial={feed} />
        </section>
      ) : null}
    </>
  );
}
