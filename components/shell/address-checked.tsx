import type { ReactNode } from 'react';
import { AddressProblemPanel } from './address-problem';

/**
 * A table page behind its address check: its header always, then either what is wrong with the
 * address (AddressProblemPanel, with the address without those values) or the page's data, never
 * a default quietly shown in place of a bad value.
 */
export function AddressChecked({
  header,
  children,
  ...problem
}: {
  header: ReactNode;
  children: ReactNode;
} & Parameters<typeof AddressProblemPanel>[0]) {
  return (
    <>
      {header}
      {problem.problems.length > 0 ? <AddressProblemPanel {...problem} /> : children}
    </>
  );
}
