/**
 * `lib/server/auth/`: better-auth set-up, sessions (`session.ts`: `requireViewer(permission)` for
 * pages), sign-in (`sign-in.ts`), single sign-on with OpenID Connect (`sso*.ts`), user
 * administration (`user-admin.ts`), the attempt limit, first-admin set-up, demo users.
 */
import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '../../db';
import { session as sessionTable } from '../../db/schema';
import { getEnv } from '../../env';
import { can, isRole, type Permission, type Role } from '../../policy/roles';
import { getAuth } from './auth';
import { sessionPolicy } from './auth-config';
import { demoAccountsAllowed, isDemoEmail } from './demo-policy';

/** The signed-in person as every check and audit entry sees them. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The session in use (kept when the user changes their password; the others end). */
  sessionId?: string;
  /** An administrator set the password: until it is changed, only the change form is open. */
  mustChangePassword?: boolean;
}

/** The page where a password set by an administrator is changed. */
export const CHANGE_PASSWORD_PATH = '/account';

/** The session's last activity moves at most this often: one write a minute, not one a request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Reads the session from request headers. Signed out: a deactivated user, an unknown role, a demo
 * account while the upstream is a real service, and a session past its idle timeout (the row is
 * deleted, so it cannot come back). The absolute lifetime is the row's expiry (auth-config.ts).
 */
export async function viewerFromHeaders(requestHeaders: Headers, now = new Date()): Promise<Viewer | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: requestHeaders });
  if (!result) return null;
  const { user, session } = result;
  if (user.deactivatedAt || !isRole(user.role)) return null;
  const env = getEnv();
  if ((user.isDemo || isDemoEmail(user.email)) && !demoAccountsAllowed(env)) return null;
  if (!(await keepAlive(session, now, sessionPolicy(env).idleSeconds * 1000))) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    sessionId: session.id,
    mustChangePassword: user.mustChangePassword === true,
  };
}

/** Ends an idle session, or records this request as its latest activity. */
async function keepAlive(session: { id: string; updatedAt: Date }, now: Date, idleMs: number) {
  const db = await getDb();
  const lastSeen = new Date(session.updatedAt).getTime();
  if (now.getTime() - lastSeen > idleMs) {
    await db.delete(sessionTable).where(eq(sessionTable.id, session.id));
    return false;
  }
  if (now.getTime() - lastSeen > TOUCH_INTERVAL_MS) {
    await db
      .update(sessionTable)
      .set({ updatedAt: now })
      .where(and(eq(sessionTable.id, session.id), lt(sessionTable.updatedAt, now)));
  }
  return true;
}

/** The viewer of the page being rendered, read once per request however many components ask. */
export const currentViewer = cache(async (): Promise<Viewer | null> => viewerFromHeaders(await headers()));

/**
 * For pages and layouts: signed-out users go to sign-in (and come back here after); a role
 * without the permission gets the 403 page. Hidden links are not the check — this is. A user
 * whose password an administrator set is sent to the change form from every other page.
 */
export async function requireViewer(permission?: Permission): Promise<Viewer> {
  const viewer = await currentViewer();
  const here = (await headers()).get('x-pathname') ?? '/';
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  if (viewer.mustChangePassword && !isChangePasswordPath(here)) {
    redirect(`${CHANGE_PASSWORD_PATH}?required=1`);
  }
  if (permission && !can(viewer.role, permission)) forbidden();
  return viewer;
}

function isChangePasswordPath(pathWithQuery: string): boolean {
  const path = pathWithQuery.split(/[?#]/, 1)[0] ?? '';
  return path === CHANGE_PASSWORD_PATH || path.startsWith(`${CHANGE_PASSWORD_PATH}/`);
}
