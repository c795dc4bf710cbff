import { firstAdminSchema } from '@/components/auth/first-admin.schema';
import { getDb } from '@/lib/db';
import { recordAudit } from '@/lib/server/audit';
import { getAuth } from '@/lib/server/auth';
import { claimSetupToken } from '@/lib/server/first-admin-setup';
import { problemResponse } from '@/lib/server/problem';
import { defineRoute } from '@/lib/server/route';
import { countUsers, createUserAccount } from '@/lib/server/user-accounts';

/** Creates the first administrator, once, with the one-time token printed at start-up. */
export const POST = defineRoute({ access: 'public', body: firstAdminSchema }, async ({ body, requestId }) => {
  const db = await getDb();
  if ((await countUsers(db)) > 0 || !(await claimSetupToken(db, body.token))) {
    return problemResponse({
      status: 403,
      code: 'setup_closed',
      title: 'Set-up is closed',
      detail: 'This set-up link was already used or has expired.',
      requestId,
    });
  }
  const admin = await createUserAccount(await getAuth(), db, { ...body, role: 'admin' });
  await recordAudit({
    actor: { userId: admin.id, email: admin.email },
    action: 'users.create_first_admin',
    target: admin.email,
    outcome: 'success',
    requestId,
  });
  return Response.json({ id: admin.id }, { status: 201 });
});
