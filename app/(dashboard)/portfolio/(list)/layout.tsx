import { NuqsAdapter } from 'nuqs/adapters/next/app';
import type { ReactNode } from 'react';

/** The portfolio table's state lives in the address (nuqs); its adapter is loaded here, not on every page. */
export default function PortfolioListLayout({ children }: { children: ReactNode }) {
  return <NuqsAdapter>{children}</NuqsAdapter>;
}
