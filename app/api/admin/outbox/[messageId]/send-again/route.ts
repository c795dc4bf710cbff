import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { sendAgainRefusal, sendMessageAgain } from '@/lib/server/notifications/outbox-admin';

const paramsSchema = z.strictObject({ messageId: z.uuid() });

/** Sends again a message whose delivery is unknown or that failed: an administrator's deliberate act. */
export const POST = defineRoute(
  { access: 'outbox:manage', audit: 'outbox.send_again', params: paramsSchema },
  async ({ params, viewer, requestId, clients }) => {
    const result = await sendMessageAgain(
      params.messageId,
      { userId: viewer.userId, email: viewer.email },
      requestId,
      await clients(),
    );
    if (!result.ok) throw sendAgainRefusal(result);
    return result;
  },
);
