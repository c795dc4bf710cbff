import { z } from 'zod';
import { auditSuccess } from '@/lib/server/audit/audit';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { removeChatChannel, setChatChannelClasses } from '@/lib/server/notifications/app';
import { CHANNEL_CLASSES } from '@/lib/server/notifications/channels';

const params = z.strictObject({ channelId: z.uuid() });

function notFound(requestId: string) {
  return problemResponse({
    status: 404,
    code: 'channel_not_found',
    title: 'Channel not found',
    detail: 'This channel does not exist (it may have been removed).',
    requestId,
  });
}

/** Chooses which classes of reminders go to the channel. */
export const PATCH = defineRoute(
  {
    access: 'outbox:manage',
    audit: 'chat_channel.classes',
    params,
    body: z.strictObject({ classes: z.array(z.enum(CHANNEL_CLASSES)).max(CHANNEL_CLASSES.length) }),
  },
  async ({ params: input, body, viewer, requestId }) => {
    const channel = await setChatChannelClasses(input.channelId, body.classes);
    if (!channel) return notFound(requestId);
    await auditSuccess(viewer, 'chat_channel.classes', channel.id, requestId, { classes: channel.classes });
    return { channel };
  },
);

export const DELETE = defineRoute(
  { access: 'outbox:manage', audit: 'chat_channel.remove', params },
  async ({ params: input, viewer, requestId }) => {
    if (!(await removeChatChannel(input.channelId))) return notFound(requestId);
    await auditSuccess(viewer, 'chat_channel.remove', input.channelId, requestId);
    return { removed: true };
  },
);
