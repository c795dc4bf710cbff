'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { DocumentAccess } from '@/lib/policy/roles';

const ViewerAccessContext = createContext<DocumentAccess | null>(null);

/**
 * What the signed-in person may open, worked out on the server from their role, for client
 * components that offer only that (a download link, say). It decides what is shown, never what is
 * allowed: the server checks again. The browser gets the answers, not the permission table.
 */
export function ViewerAccessProvider({ access, children }: { access: DocumentAccess; children: ReactNode }) {
  return <ViewerAccessContext.Provider value={access}>{children}</ViewerAccessContext.Provider>;
}

export function useViewerAccess(): DocumentAccess | null {
  return useContext(ViewerAccessContext);
}
