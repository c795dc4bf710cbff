import { Bell } from 'lucide-react';
import Link from 'next/link';

/**
 * The header's bell: a link to the notifications list with the unread count. Rendered on the
 * server with no script of its own (every page carries it, and the month view's bundle has no room
 * to spare); the count is fresh on every full load and after each mark-read.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
