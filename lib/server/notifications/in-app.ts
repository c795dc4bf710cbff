import 'server-only';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notification } from '../../db/schema';
import type { NotificationView } from '../../notifications/view';
import { type ClientScope, clientNameOf, labelsClients } from '../clients/scope';

/**
 * In-app notifications: the bell's unread count, the list, mark read. Created by the worker under
 * the same unique key as email (user, rule, subject), so one event is one notification. Each is about
 * one client's data (its `connection`): a user sees those of the clients in their request's scope
 * (spec: Authentication rule 2), never those of a client they no longer work for.
 */
export interface NotificationInput {
  /** The client the notification tells about (the column's default, the default client, if unsaid). */
  connection?: string;
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

/** The user's notifications about the clients in scope. */
function ofUser(userId: string, connections: readonly string[]) {
  return and(eq(notification.userId, userId), inArray(notification.connection, [...connections]));
}

export async function unreadCount(
  db: Database,
  userId: string,
  connections: readonly string[],
): Promise<number> {
  if (connections.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(ofUser(userId, connections), isNull(notification.readAt)));
  return row?.count ?? 0;
}

const NOTIFICATIONS_PAGE_SIZE = 50;

export async function listNotifications(
  db: Database,
  userId: string,
  scope: ClientScope,
  options: { unreadOnly?: boolean; limit?: number } = {},
): Promise<{ items: NotificationView[]; unread: number }> {
  if (scope.connections.length === 0) return { items: [], unread: 0 };
  const mine = ofUser(userId, scope.connections);
  const rows = await db
    .select()
    .from(notification)
    .where(options.unreadOnly ? and(mine, isNull(notification.readAt)) : mine)
    .orderBy(desc(notification.createdAt))
    .limit(options.limit ?? NOTIFICATIONS_PAGE_SIZE);
  const labelled = labelsClients(scope);
  return {
    items: rows.map((row) => ({
      ...(labelled ? { client: clientNameOf(scope, row.connection) } : {}),
      id: row.id,
      rule: row.rule,
      title: row.title,
      body: row.body,
      href: row.href,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    unread: await unreadCount(db, userId, scope.connections),
  };
}

/**
 * Marks one (or, without an id, every) unread notification of this user about the clients in scope
 * read; others' (another user's, another client's) are untouchable.
 */
export async function markRead(
  db: Database,
  userId: string,
  connections: readonly string[],
  id: string | null,
  now = new Date(),
): Promise<number> {
  if (connections.length === 0) return 0;
  const mine = and(ofUser(userId, connections), isNull(notification.readAt));
  const updated = await db
    .update(notification)
    .set({ readAt: now })
    .where(id ? and(mine, eq(notification.id, id)) : mine)
    .returning({ id: notification.id });
  return updated.length;
}
