import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { markRead, unreadCount } from '@/lib/server/notifications/app';

/**
 * Marks one notification read (`id`), or all of the user's about the clients in scope (no id).
 * Only ever the caller's own, of their clients.
 */
export const POST = defineRoute(
  { access: 'notifications:read', body: z.object({ id: z.uuid().optional() }) },
  async ({ viewer, body, clients }) => {
    const { connections } = await clients();
    const marked = await markRead(viewer.userId, connections, body.id ?? null);
    return { marked, unread: await unreadCount(viewer.userId, connections) };
  },
);
