import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function AnalyticsLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="analytics:read">{children}</PermissionGate>;
}
