'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { clickLoaded, LoadOnClick } from '@/components/ui/load-on-click';

// Signing out is a write through useApiMutation, whose code loads on the click: every page's header
// would otherwise carry it in its first load (docs/performance.md, JS per route).
const SignOutRun = clickLoaded(() => import('./sign-out-button').then((module) => module.SignOutRun));

function SignOutButton() {
  return (
    <LoadOnClick
      part={SignOutRun}
      props={{}}
      button={(load, loading) => (
        <Button variant="outline" size="sm" disabled={loading} onClick={load}>
          {loading ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    />
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
