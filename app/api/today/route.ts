import { defineRoute } from '@/lib/server/http/route';
import { loadToday } from '@/lib/server/today/load';

/**
 * Today for the signed-in user, per role. Always 200 when signed in: each section
 * carries its own problem when it could not be loaded, so one failing part never hides the rest.
 */
export const GET = defineRoute({ access: 'today:read' }, async ({ viewer, requestId }) =>
  loadToday({ userId: viewer.userId, role: viewer.role }, requestId),
);
