import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { safeLocalPath } from '@/lib/http/safe-redirect';
import { HOME_BY_ROLE } from '@/lib/policy/roles';
import { currentViewer } from '@/lib/server/auth/session';
import { hasNoUsers } from '@/lib/server/auth/user-admin';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next } = await searchParams;
  const nextPath = safeLocalPath(typeof next === 'string' ? next : null) ?? undefined;
  const viewer = await currentViewer();
  if (viewer) redirect(nextPath ?? HOME_BY_ROLE[viewer.role]);
  const noUsersYet = await hasNoUsers();

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold">Annuity Console</h1>
          <CardDescription>Sign in to manage patent renewals.</CardDescription>
        </CardHeader>
        <CardContent>
          {noUsersYet ? (
            <div className="flex flex-col gap-2 text-sm">
              <CardTitle>No accounts yet</CardTitle>
              <p className="text-muted-foreground">
                An administrator creates the first account on the set-up page, with the link printed when the
                dashboard started.
              </p>
            </div>
          ) : (
            <SignInForm next={nextPath} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
