import { resetPasswordAs } from '@/lib/server/auth/user-admin';
import { defineRoute } from '@/lib/server/http/route';
import { resetPasswordSchema, userIdParams } from '@/lib/users/user.schema';

/** Sets a new password chosen by the administrator; the user's open sessions end. */
export const POST = defineRoute(
  { access: 'users:manage', audit: 'users.reset_password', params: userIdParams, body: resetPasswordSchema },
  async ({ params, body, viewer, requestId }) => {
    await resetPasswordAs(viewer, params.userId, body.password, requestId);
    return { ok: true };
  },
);
