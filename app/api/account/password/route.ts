import { changePasswordSchema } from '@/lib/auth/change-password.schema';
import { changeOwnPasswordAs } from '@/lib/server/auth/user-admin';
import { defineRoute } from '@/lib/server/http/route';

/**
 * The signed-in user changes their own password (the current one is required); their other
 * sessions end. Open while a password set by an administrator waits to be changed.
 */
export const POST = defineRoute(
  {
    access: 'signed-in',
    audit: 'account.change_password',
    duringPasswordChange: true,
    body: changePasswordSchema,
  },
  async ({ body, viewer, requestId }) => {
    await changeOwnPasswordAs(viewer, body, requestId);
    return { ok: true, redirectTo: '/' };
  },
);
