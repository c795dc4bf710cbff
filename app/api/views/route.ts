import { defineRoute } from '@/lib/server/http/route';
import { createSavedView, listSavedViews } from '@/lib/server/views/saved-views';
import { createSavedViewSchema, listSavedViewsQuerySchema } from '@/lib/views/saved-view.schema';

/**
 * Saved views. Every signed-in user reaches the route; each page's read permission is
 * checked in lib/server/views/saved-views.ts, since the page is named in the request.
 */
export const GET = defineRoute(
  { access: 'signed-in', query: listSavedViewsQuerySchema },
  async ({ viewer, query }) => ({
    views: await listSavedViews(viewer, query.page),
  }),
);

export const POST = defineRoute(
  { access: 'signed-in', audit: 'saved_views.create', body: createSavedViewSchema },
  async ({ viewer, body, requestId }) => {
    const view = await createSavedView(viewer, body, requestId);
    return Response.json({ view }, { status: 201, headers: { 'cache-control': 'no-store' } });
  },
);
