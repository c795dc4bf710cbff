import { NuqsAdapter } from 'nuqs/adapters/next/app';
import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function RenewalsLayout({ children }: { children: ReactNode }) {
  // The table's state lives in the address (nuqs); its adapter is loaded here, not on every page.
  return (
    <PermissionGate permission="renewals:read">
      <NuqsAdapter>{children}</NuqsAdapter>
    </PermissionGate>
  );
}
