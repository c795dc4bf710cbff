import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { listNotifications } from '@/lib/server/notifications/app';

/**
 * The signed-in user's own notifications about the clients in the request's scope, newest first,
 * with the unread count (the bell).
 */
export const GET = defineRoute(
  { access: 'notifications:read', query: z.object({ unread: z.enum(['0', '1']).optional() }) },
  async ({ viewer, query, clients }) =>
    listNotifications(viewer.userId, await clients(), { unreadOnly: query.unread === '1' }),
);
