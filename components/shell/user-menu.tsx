'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { signOutClicks } from './sign-out-clicks';

/** Until Sign out's code arrives: the same button; a click is remembered and signs out once it has. */
function SignOutPlaceholder() {
  return (
    <Button variant="outline" size="sm" onClick={() => signOutClicks.remember('sign-out')}>
      Sign out
    </Button>
  );
}

// Signing out is a write through useApiMutation; every page's header would otherwise carry the
// mutation code in its first load (docs/performance.md, JS per route).
const SignOutButton = deferred(
  () => import('./sign-out-button').then((module) => module.SignOutButton),
  SignOutPlaceholder,
);

export function UserMenu({ name, email, roleLabel }: { name: string; email: string; roleLabel: string }) {
  return (
    <div className="flex items-center gap-3 text-sm">
      {/* Who is signed in; on a phone the account page says it, and the header keeps its actions. */}
      <div className="hidden text-right leading-tight lg:block">
        <p className="font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">
          {roleLabel} · {email}
        </p>
      </div>
      <Button asChild variant="ghost" size="sm">
        <Link href="/account">Your account</Link>
      </Button>
      <SignOutButton />
    </div>
  );
}
