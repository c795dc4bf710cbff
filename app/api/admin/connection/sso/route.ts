import { z } from 'zod';
import { ROLES } from '@/lib/policy/roles';
import { changeSsoDefaultRole, ssoOverview } from '@/lib/server/auth/sso-admin';
import { defineRoute } from '@/lib/server/http/route';

const bodySchema = z.strictObject({ defaultRole: z.enum(ROLES).nullable() });

/** Single sign-on as configured, with the default role for new users. */
export const GET = defineRoute({ access: 'users:manage' }, async () => ssoOverview());

/** Sets (or clears) the role new single sign-on users get when their claim maps to none. */
export const PUT = defineRoute(
  { access: 'users:manage', audit: 'sso.default_role', body: bodySchema },
  async ({ body, viewer, requestId }) =>
    changeSsoDefaultRole(body.defaultRole, { userId: viewer.userId, email: viewer.email }, requestId),
);
