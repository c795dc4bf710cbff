import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function TrackingLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="tracking:read">{children}</PermissionGate>;
}
