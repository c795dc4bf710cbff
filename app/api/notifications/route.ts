import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { listNotifications } from '@/lib/server/notifications/app';

/** The signed-in user's own notifications, newest first, with the unread count (the bell). */
export const GET = defineRoute(
  { access: 'notifications:read', query: z.object({ unread: z.enum(['0', '1']).optional() }) },
  async ({ viewer, query }) => listNotifications(viewer.userId, { unreadOnly: query.unread === '1' }),
);
