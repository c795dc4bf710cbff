import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function ApprovalsLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="approvals:decide">{children}</PermissionGate>;
}
