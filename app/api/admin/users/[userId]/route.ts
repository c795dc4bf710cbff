import { updateUserSchema, userIdParams } from '@/components/admin/user.schema';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/server/audit';
import { getAuth } from '@/lib/server/auth';
import { defineRoute } from '@/lib/server/route';
import { setUserActive, setUserRole, type UserRow } from '@/lib/server/user-accounts';

/** Change a user's role, or deactivate / reactivate them (deactivation ends their sessions). */
export const PATCH = defineRoute(
  { access: 'users:manage', audit: 'users.update', params: userIdParams, body: updateUserSchema },
  async ({ params, body, viewer, requestId }) => {
    const db = await getDb();
    const actor = { userId: viewer.userId, email: viewer.email };
    let updated: UserRow | undefined;
    if (body.role !== undefined) {
      updated = await setUserRole(db, viewer.userId, params.userId, body.role);
      await recordAudit({
        actor,
        action: 'users.set_role',
        target: updated.email,
        outcome: 'success',
        requestId,
        details: { role: body.role },
      });
    }
    if (body.active !== undefined) {
      updated = await setUserActive(await getAuth(), db, viewer.userId, params.userId, body.active);
      await recordAudit({
        actor,
        action: body.active ? 'users.reactivate' : 'users.deactivate',
        target: updated.email,
        outcome: 'success',
        requestId,
      });
    }
    return { user: updated };
  },
);
