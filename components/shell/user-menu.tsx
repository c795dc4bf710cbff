'use client';

import Link from 'next/link';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// Signing out is a write through useApiMutation, whose code loads on the click: every page's header
// would otherwise carry it in its first load (docs/performance.md, JS per route). The button itself
// is part of the page, so a click made while the page hydrates is not lost.
const SignOutRun = lazy(() => import('./sign-out-button').then((module) => ({ default: module.SignOutRun })));

function SignOutButton() {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button variant="outline" size="sm" disabled={wanted} onClick={() => setWanted(true)}>
      {wanted ? 'Signing out…' : 'Sign out'}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SignOutRun />
    </Suspense>
  );
}

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
