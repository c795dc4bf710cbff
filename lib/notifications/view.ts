/** A notification as the bell and the notifications page show it (lib/server/notifications/in-app.ts reads it). */
export interface NotificationView {
  id: string;
  rule: string;
  title: string;
  body: string;
  href: string;
  createdAt: string;
  readAt: string | null;
  /** The client it tells about, when the user works for several. */
  client?: string;
}
