import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function RateFreezesLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="rate-freezes:read">{children}</PermissionGate>;
}
