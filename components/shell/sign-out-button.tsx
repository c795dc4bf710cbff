'use client';

import { Button } from '@/components/ui/button';
import { useRunOnArrival } from '@/components/ui/run-on-arrival';
import { useSignOut } from './use-sign-out';

/** Sign out once clicked (./user-menu.tsx loads it on the first click, which signs out at once). */
export function SignOutRun() {
  const { mutate } = useSignOut();
  useRunOnArrival(mutate);
  return (
    <Button variant="outline" size="sm" disabled>
      Signing out…
    </Button>
  );
}
