import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function PortfolioLayout({ children }: { children: ReactNode }) {
  return <PermissionGate permission="portfolio:read">{children}</PermissionGate>;
}
