import { defineRoute } from '@/lib/server/http/route';
import { calendarFeedState, issueCalendarLink, revokeCalendarLink } from '@/lib/server/notifications/app';

/**
 * The user's private calendar link: whether one exists, a new one (replacing the old;
 * its URL is returned this once), or none (revoked). Only users who read renewals have a feed.
 */
export const GET = defineRoute({ access: 'renewals:read' }, async ({ viewer }) => ({
  feed: await calendarFeedState(viewer.userId),
}));

export const POST = defineRoute(
  { access: 'renewals:read', audit: 'calendar-feed.issue' },
  async ({ viewer, requestId }) => issueCalendarLink(viewer, requestId),
);

export const DELETE = defineRoute(
  { access: 'renewals:read', audit: 'calendar-feed.revoke' },
  async ({ viewer, requestId }) => revokeCalendarLink(viewer, requestId),
);
