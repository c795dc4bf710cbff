import type { ReactNode } from 'react';
import type { Permission } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';

/**
 * A section layout's permission check. Rendered by the layout, it sits above the section's
 * loading.tsx boundary, so a role without the permission gets a real 403 before anything streams
 * (a check inside the boundary could only answer 200). Pages check again for their own needs.
 */
export async function PermissionGate({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  await requireViewer(permission);
  return children;
}
