import type { Metadata } from 'next';
import { ChannelsManager } from '@/components/notifications/channels-manager';
import { PageSection } from '@/components/shell/page-section';
import { requireViewer } from '@/lib/server/auth/session';
import { listChatChannels } from '@/lib/server/notifications/app';

export const metadata: Metadata = { title: 'Chat channels' };

/**
 * The team's chat (incoming webhooks): each run posts one grouped message per class a channel
 * takes, of the renewals it was not told before. Only the administrator manages them; the
 * webhook URL is stored encrypted and only its host is ever shown.
 */
export default async function ChannelsPage() {
  await requireViewer('outbox:manage');
  const channels = await listChatChannels();
  return (
    <PageSection id="channels-heading" title="Chat channels" className="gap-4">
      <p className="max-w-2xl text-sm text-muted-foreground">
        Reminders posted to your team’s chat through an incoming webhook (Slack or Microsoft Teams): one
        grouped post per kind and run, most urgent first, with a link to Today. The webhook URL must be https;
        it is kept encrypted and never shown again.
      </p>
      <ChannelsManager channels={channels} />
    </PageSection>
  );
}
