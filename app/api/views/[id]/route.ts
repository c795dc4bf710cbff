import { defineRoute } from '@/lib/server/http/route';
import { deleteSavedView, updateSavedView } from '@/lib/server/views/saved-views';
import { savedViewParamsSchema, updateSavedViewSchema } from '@/lib/views/saved-view.schema';

/** Renames or shares one's own view; another user's view answers 404 (lib/server/views/saved-views.ts). */
export const PATCH = defineRoute(
  {
    access: 'signed-in',
    audit: 'saved_views.update',
    params: savedViewParamsSchema,
    body: updateSavedViewSchema,
  },
  async ({ viewer, params, body, requestId }) => ({
    view: await updateSavedView(viewer, params.id, body, requestId),
  }),
);

export const DELETE = defineRoute(
  { access: 'signed-in', audit: 'saved_views.delete', params: savedViewParamsSchema },
  async ({ viewer, params, requestId }) => {
    await deleteSavedView(viewer, params.id, requestId);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  },
);
