'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { useSignOut } from './use-sign-out';

export function UserMenu({ name, email, roleLabel }: { name: string; email: string; roleLabel: string }) {
  const signOut = useSignOut();
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
      <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign out
      </Button>
    </div>
  );
}
