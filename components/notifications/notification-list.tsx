import Link from 'next/link';
import { formatTimestamp } from '@/lib/format/dates';
import type { NotificationView } from '@/lib/notifications/view';
import { MarkReadButton } from './mark-read-button';

/** A notification in the list: what the server reads of it, but the rule that raised it. */
export type NotificationItem = Omit<NotificationView, 'rule'>;

/** The user's notifications, newest first; unread ones are marked in text, not by colour alone. */
export function NotificationList({ items, locale }: { items: readonly NotificationItem[]; locale: string }) {
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No notifications yet. Reminders and alerts will appear here.
      </p>
    );
  return (
    <ul className="flex flex-col divide-y rounded-md border">
      {items.map((item) => (
        <li
          key={item.id}
          className={`flex flex-wrap items-start justify-between gap-3 p-4 ${item.readAt ? '' : 'bg-accent/40'}`}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium">
              {item.readAt ? null : (
                <span className="mr-2 rounded bg-primary px-1.5 py-0.5 text-[11px] text-primary-foreground">
                  Unread
                </span>
              )}
              <Link href={item.href} className="underline-offset-4 hover:underline">
                {item.title}
              </Link>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {item.client ? (
                <span className="font-medium text-foreground">Client: {item.client}. </span>
              ) : null}
              {item.body}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={item.createdAt}>{formatTimestamp(item.createdAt, locale)}</time>
            </p>
          </div>
          {item.readAt ? null : <MarkReadButton id={item.id} label="Mark read" />}
        </li>
      ))}
    </ul>
  );
}
