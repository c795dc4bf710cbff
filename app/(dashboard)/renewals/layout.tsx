import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function RenewalsLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="renewals:read">{children}</PermissionGate>;
}
