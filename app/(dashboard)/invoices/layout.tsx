import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function InvoicesLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="invoices:read">{children}</PermissionGate>;
}
