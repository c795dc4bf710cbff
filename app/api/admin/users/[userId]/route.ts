import { updateUserAs } from '@/lib/server/auth/user-admin';
import { defineRoute } from '@/lib/server/http/route';
import { updateUserSchema, userIdParams } from '@/lib/users/user.schema';

/** Change a user's role, or deactivate / reactivate them (deactivation ends their sessions). */
export const PATCH = defineRoute(
  { access: 'users:manage', audit: 'users.update', params: userIdParams, body: updateUserSchema },
  async ({ params, body, viewer, requestId }) => ({
    user: await updateUserAs(viewer, params.userId, body, requestId),
  }),
);
