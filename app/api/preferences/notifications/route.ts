import { getDb } from '@/lib/db';
import { defineRoute } from '@/lib/server/http/route';
import { preferencesSchema, readPreferences, savePreferences } from '@/lib/server/notifications/preferences';

/** The signed-in user's notification preferences (issue 15): read, and replace as a whole. */
export const GET = defineRoute({ access: 'notifications:read' }, async ({ viewer }) =>
  readPreferences(await getDb(), viewer.userId),
);

export const PUT = defineRoute(
  { access: 'notifications:read', body: preferencesSchema },
  async ({ viewer, body }) => savePreferences(await getDb(), viewer.userId, body),
);
