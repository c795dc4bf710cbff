import { defineRoute } from '@/lib/server/http/route';
import { runBackgroundChecksNow } from '@/lib/server/notifications/outbox-admin';

/** Runs the background poll and the reminder rules now, and sends what they produce. */
export const POST = defineRoute(
  { access: 'outbox:manage', audit: 'background.run_now' },
  async ({ viewer, requestId, clients }) =>
    runBackgroundChecksNow(
      { userId: viewer.userId, email: viewer.email },
      requestId,
      (await clients()).connections,
    ),
);
