/**
 * The team's chat channels as the admin page and the server both name them: which classes of
 * reminders a channel can take and the payload formats it can receive. Browser-safe.
 */
export const CHANNEL_CLASSES = ['lapse', 'due', 'attention'] as const;
export type ChannelClass = (typeof CHANNEL_CLASSES)[number];
export const CHANNEL_FORMATS = ['slack', 'teams'] as const;
export type ChannelFormat = (typeof CHANNEL_FORMATS)[number];

export const CHANNEL_CLASS_LABELS: Record<ChannelClass, string> = {
  lapse: 'About to lapse',
  due: 'Due soon',
  attention: 'Needs attention (UNPROCESSABLE)',
};

export const CHANNEL_FORMAT_LABELS: Record<ChannelFormat, string> = {
  slack: 'Slack (incoming webhook)',
  teams: 'Microsoft Teams (incoming webhook)',
};

export interface ChannelView {
  id: string;
  name: string;
  format: ChannelFormat;
  /** Only the host is ever shown: the URL is the credential. */
  host: string;
  classes: ChannelClass[];
  createdByEmail: string;
  createdAt: string;
}
