import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notification } from '../../db/schema';

/**
 * In-app notifications: the bell's unread count, the list, mark read. Created by the worker under
 * the same unique key as email (user, rule, subject), so one event is one notification.
 */
export interface NotificationInput {
  userId: string;
  rule: string;
  subjectKey: string;
  title: string;
  body: string;
  href: string;
}

export async function addNotification(
  db: Database,
  input: NotificationInput,
  now = new Date(),
): Promise<boolean> {
  const inserted = await db
    .insert(notification)
    .values({ ...input, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: notification.id });
  return inserted.length > 0;
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
  return row?.count ?? 0;
}

const NOTIFICATIONS_PAGE_SIZE = 50;

export interface NotificationView {
  id: string;
  rule: string;
  title: string;
  body: string;
  href: string;
  createdAt: string;
  readAt: string | null;
}

export async function listNotifications(
  db: Database,
  userId: string,
  options: { unreadOnly?: boolean; limit?: number } = {},
): Promise<{ items: NotificationView[]; unread: number }> {
  const rows = await db
    .select()
    .from(notification)
    .where(
      options.unreadOnly
        ? and(eq(notification.userId, userId), isNull(notification.readAt))
        : eq(notification.userId, userId),
    )
    .orderBy(desc(notification.createdAt))
    .limit(options.limit ?? NOTIFICATIONS_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      rule: row.rule,
      title: row.title,
      body: row.body,
      href: row.href,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    unread: await unreadCount(db, userId),
  };
}

/** Marks one (or, without an id, every) unread notification of this user read; others' are untouchable. */
export async function markRead(
  db: Database,
  userId: string,
  id: string | null,
  now = new Date(),
): Promise<number> {
  const mine = and(eq(notification.userId, userId), isNull(notification.readAt));
  const updated = await db
    .update(notification)
    .set({ readAt: now })
    .where(id ? and(mine, eq(notification.id, id)) : mine)
    .returning({ id: notification.id });
  return updated.length;
}
