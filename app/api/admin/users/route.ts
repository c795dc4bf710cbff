import { createUserAs, userAccounts } from '@/lib/server/auth/user-admin';
import { defineRoute } from '@/lib/server/http/route';
import { createUserSchema } from '@/lib/users/user.schema';

export const GET = defineRoute({ access: 'users:manage' }, async () => ({ users: await userAccounts() }));

export const POST = defineRoute(
  { access: 'users:manage', audit: 'users.create', body: createUserSchema },
  async ({ body, viewer, requestId }) =>
    Response.json({ user: await createUserAs(viewer, body, requestId) }, { status: 201 }),
);
