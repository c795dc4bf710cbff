import type { ReactNode } from 'react';
import type { Permission } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/session';

/**
 * A section layout that checks the section's permission. The check sits above the section's
 * loading.tsx boundary, so a role without the permission gets a real 403 before anything streams
 * (a check inside the boundary could only answer 200). Pages check again for their own needs.
 */
export function permissionLayout(permission: Permission) {
  return async function PermissionLayout({ children }: { children: ReactNode }) {
    await requireViewer(permission);
    return children;
  };
}
