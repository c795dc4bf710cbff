import { z } from 'zod';
import { auditSuccess } from '@/lib/server/audit/audit';
import { defineRoute } from '@/lib/server/http/route';
import { addChatChannel, listChatChannels } from '@/lib/server/notifications/app';
import { CHANNEL_CLASSES, CHANNEL_FORMATS } from '@/lib/server/notifications/channels';

/** The team's chat channels (incoming webhooks): listed by host, never by URL. */
export const GET = defineRoute({ access: 'outbox:manage' }, async () => ({
  channels: await listChatChannels(),
}));

const addSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  format: z.enum(CHANNEL_FORMATS),
  url: z.string().min(1).max(2_000),
  classes: z.array(z.enum(CHANNEL_CLASSES)).max(CHANNEL_CLASSES.length),
});

/** Adds a channel; its URL is stored encrypted (it is the credential) and never shown again. */
export const POST = defineRoute(
  { access: 'outbox:manage', audit: 'chat_channel.add', body: addSchema },
  async ({ body, viewer, requestId }) => {
    // A webhook it cannot use throws ChannelError: a 400 naming the field, audited as a failure.
    const channel = await addChatChannel({ ...body, createdByEmail: viewer.email });
    await auditSuccess(viewer, 'chat_channel.add', channel.id, requestId, {
      name: channel.name,
      host: channel.host,
      format: channel.format,
      classes: channel.classes,
    });
    return { channel };
  },
);
