import 'server-only';
import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { can, isRole, type Permission, type Role } from '../../policy/roles';
import { getAuth } from './auth';

/** The signed-in person as every check and audit entry sees them. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  role: Role;
}

/** Reads the session from request headers; a deactivated user or an unknown role is signed out. */
export async function viewerFromHeaders(requestHeaders: Headers): Promise<Viewer | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: requestHeaders });
  if (!result) return null;
  const { user } = result;
  if (user.deactivatedAt || !isRole(user.role)) return null;
  return { userId: user.id, email: user.email, name: user.name, role: user.role };
}

/** The viewer of the page being rendered, read once per request however many components ask. */
export const currentViewer = cache(async (): Promise<Viewer | null> => viewerFromHeaders(await headers()));

/**
 * For pages and layouts: signed-out users go to sign-in (and come back here after); a role
 * without the permission gets the 403 page. Hidden links are not the check — this is.
 */
export async function requireViewer(permission?: Permission): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) {
    const here = (await headers()).get('x-pathname') ?? '/';
    redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  }
  if (permission && !can(viewer.role, permission)) forbidden();
  return viewer;
}
