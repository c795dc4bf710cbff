import { createUserSchema } from '@/components/admin/user.schema';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/server/audit';
import { getAuth } from '@/lib/server/auth';
import { defineRoute } from '@/lib/server/route';
import { createUserAccount, listUsers } from '@/lib/server/user-accounts';

export const GET = defineRoute({ access: 'users:manage' }, async () => ({
  users: await listUsers(await getDb()),
}));

export const POST = defineRoute(
  { access: 'users:manage', audit: 'users.create', body: createUserSchema },
  async ({ body, viewer, requestId }) => {
    const created = await createUserAccount(await getAuth(), await getDb(), body);
    await recordAudit({
      actor: { userId: viewer.userId, email: viewer.email },
      action: 'users.create',
      target: created.email,
      outcome: 'success',
      requestId,
      details: { role: created.role },
    });
    return Response.json({ user: created }, { status: 201 });
  },
);
