'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useSignOut } from './use-sign-out';

/** Sign out once clicked (./user-menu.tsx loads it on the first click, which signs out at once). */
export function SignOutRun() {
  const signOut = useSignOut();
  const { mutate } = signOut;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);
  return (
    <Button variant="outline" size="sm" disabled>
      Signing out…
    </Button>
  );
}
