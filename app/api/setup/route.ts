import { firstAdminSchema } from '@/lib/auth/first-admin.schema';
import { createFirstAdmin } from '@/lib/server/auth/user-admin';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Creates the first administrator, once, with the one-time token printed at start-up. */
export const POST = defineRoute({ access: 'public', body: firstAdminSchema }, async ({ body, requestId }) => {
  const admin = await createFirstAdmin(body, requestId);
  if (!admin) {
    return problemResponse({
      status: 403,
      code: 'setup_closed',
      title: 'Set-up is closed',
      detail: 'This set-up link was already used or has expired.',
      requestId,
    });
  }
  return Response.json({ id: admin.id }, { status: 201 });
});
