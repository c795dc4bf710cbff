import { resetPasswordSchema, userIdParams } from '@/components/admin/user.schema';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/server/audit';
import { getAuth } from '@/lib/server/auth';
import { defineRoute } from '@/lib/server/route';
import { resetUserPassword } from '@/lib/server/user-accounts';

/** Sets a new password chosen by the administrator; the user's open sessions end. */
export const POST = defineRoute(
  { access: 'users:manage', audit: 'users.reset_password', params: userIdParams, body: resetPasswordSchema },
  async ({ params, body, viewer, requestId }) => {
    const target = await resetUserPassword(await getAuth(), await getDb(), params.userId, body.password);
    await recordAudit({
      actor: { userId: viewer.userId, email: viewer.email },
      action: 'users.reset_password',
      target: target.email,
      outcome: 'success',
      requestId,
    });
    return { ok: true };
  },
);
