import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { markRead, unreadCount } from '@/lib/server/notifications/app';

/** Marks one notification read (`id`), or all of the user's (no id). Only ever the caller's own. */
export const POST = defineRoute(
  { access: 'notifications:read', body: z.object({ id: z.uuid().optional() }) },
  async ({ viewer, body }) => {
    const marked = await markRead(viewer.userId, body.id ?? null);
    return { marked, unread: await unreadCount(viewer.userId) };
  },
);
