'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { signOutClicks } from './sign-out-clicks';
import { useSignOut } from './use-sign-out';

/** The header's Sign out, loaded after the page hydrates (./user-menu.tsx). */
export function SignOutButton() {
  const signOut = useSignOut();
  const { mutate } = signOut;
  // Clicked before this code arrived: sign out now.
  const [clickedEarly] = useState(() => signOutClicks.take('sign-out'));
  useEffect(() => {
    if (clickedEarly) mutate();
  }, [clickedEarly, mutate]);
  return (
    <Button variant="outline" size="sm" onClick={() => mutate()} disabled={signOut.isPending}>
      Sign out
    </Button>
  );
}
