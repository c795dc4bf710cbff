import { NuqsAdapter } from 'nuqs/adapters/next/app';
import type { ReactNode } from 'react';
import { PermissionGate } from '../permission-gate';

export default function InvoicesLayout({ children }: { children: ReactNode }) {
  // The table's state lives in the address (nuqs); its adapter is loaded here, not on every page.
  return (
    <PermissionGate permission="invoices:read">
      <NuqsAdapter>{children}</NuqsAdapter>
    </PermissionGate>
  );
}
