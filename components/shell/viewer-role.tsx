'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { Role } from '@/lib/policy/roles';

const ViewerRoleContext = createContext<Role | null>(null);

/**
 * The signed-in person's role, for client components that offer only what the role may use (a
 * download link, say). It decides what is shown, never what is allowed: the server checks again.
 */
export function ViewerRoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <ViewerRoleContext.Provider value={role}>{children}</ViewerRoleContext.Provider>;
}

export function useViewerRole(): Role | null {
  return useContext(ViewerRoleContext);
}
