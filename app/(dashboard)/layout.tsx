import Link from 'next/link';
import type { ReactNode } from 'react';
import { ApiKeyAlertBanner } from '@/components/admin/api-key-alert-banner';
import { SiteShortcuts } from '@/components/keyboard/page-shortcuts';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { AppHeader } from '@/components/shell/app-header';
import { ClientSwitcher } from '@/components/shell/client-switcher';
import { CommandPaletteMount } from '@/components/shell/command-palette-mount';
import { ConnectionBadge } from '@/components/shell/connection-badge';
import { HeaderSearch } from '@/components/shell/header-search';
import { MobileNav } from '@/components/shell/mobile-nav';
import { NAV_ITEMS } from '@/components/shell/navigation';
import { QuotaMeter } from '@/components/shell/quota-meter';
import { SidebarNav } from '@/components/shell/sidebar-nav';
import { UserMenu } from '@/components/shell/user-menu';
import { ViewerAccessProvider } from '@/components/shell/viewer-access';
import { can, documentAccess, HOME_BY_ROLE, ROLE_LABELS } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { headerStatus } from '@/lib/server/connection/header-status';
import { apiKeyAlert } from '@/lib/server/connection/key-alert';
import { pageLocale } from '@/lib/server/http/request-context';
import { unreadCount } from '@/lib/server/notifications/app';
import { canUseViewsOf } from '@/lib/server/views/saved-views';
import { SAVED_VIEW_PAGES } from '@/lib/views/pages';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const viewer = await requireViewer();
  // Only the sections this role may open are listed; each page checks the permission again.
  const items = NAV_ITEMS.filter((item) => can(viewer.role, item.permission));
  // Four small reads every page waits for before its first byte: together, not one after another.
  const scope = await pageClientScope(viewer.userId);
  const [status, keyAlert, unread, locale] = await Promise.all([
    // The quota and connection of the client in view, or the worst of the user's clients named:
    // each client's key has its own (spec: Authentication 1, Limits 2).
    headerStatus(scope),
    // Admins see the API key's expiry alert on every page, ahead of time.
    can(viewer.role, 'connection:manage') ? apiKeyAlert() : null,
    unreadCount(viewer.userId, scope.connections),
    pageLocale(),
  ]);
  // The client in view, for users of several: in the sidebar, and in the menu on phones.
  const switcher =
    scope.clients.length > 1 ? <ClientSwitcher clients={scope.clients} chosen={scope.chosen} /> : null;
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-56 shrink-0 border-r bg-sidebar px-3 py-4 md:block">
        <Link
          href={HOME_BY_ROLE[viewer.role]}
          className="mb-6 block px-3 text-base font-semibold tracking-tight"
        >
          Annuity Console
        </Link>
        {/* The client in view, for users of several: every page follows it (the header stays as wide
            as a single-client console's, so wide tables keep their columns at 1280 px). */}
        {switcher ? <div className="mb-4 px-3">{switcher}</div> : null}
        <SidebarNav items={items} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader start={<MobileNav items={items} top={switcher} />}>
          {/* Below 768 px the header keeps the bell and the account: search, quota and connection
              are on their own pages there (the portfolio, Today, the admin's connection). */}
          <div className="hidden items-center gap-4 md:flex">
            {can(viewer.role, 'portfolio:read') ? <HeaderSearch /> : null}
          </div>
          <CommandPaletteMount
            sections={items.map(({ href, label, description }) => ({ href, label, description }))}
            canSearch={can(viewer.role, 'portfolio:read')}
            canReview={can(viewer.role, 'decisions:write')}
            hasViews={SAVED_VIEW_PAGES.some((page) => canUseViewsOf(viewer, page))}
          />
          <NotificationBell unread={unread} />
          <div className="hidden items-center gap-4 md:flex">
            <QuotaMeter reading={status.quota.reading} client={status.quota.client} locale={locale} />
            <ConnectionBadge summary={status.connection.summary} client={status.connection.client} />
          </div>
          <UserMenu name={viewer.name} email={viewer.email} roleLabel={ROLE_LABELS[viewer.role]} />
        </AppHeader>
        <main id="main" className="flex-1 px-6 py-6">
          {keyAlert ? (
            <div className="mb-6">
              <ApiKeyAlertBanner alert={keyAlert} linkToConnection />
            </div>
          ) : null}
          <ViewerAccessProvider access={documentAccess(viewer.role)}>{children}</ViewerAccessProvider>
          {/* "?" (the shortcut list), "/" and "g t" on every page, not only the month view. */}
          <SiteShortcuts />
        </main>
      </div>
    </div>
  );
}
