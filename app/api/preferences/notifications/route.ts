import { defineRoute } from '@/lib/server/http/route';
import { readPreferences, savePreferences } from '@/lib/server/notifications/app';
import { preferencesSchema } from '@/lib/server/notifications/preferences';

/** The signed-in user's notification preferences: read, and replace as a whole. */
export const GET = defineRoute({ access: 'notifications:read' }, async ({ viewer }) =>
  readPreferences(viewer.userId),
);

export const PUT = defineRoute(
  { access: 'notifications:read', body: preferencesSchema },
  async ({ viewer, body }) => savePreferences(viewer.userId, body),
);
