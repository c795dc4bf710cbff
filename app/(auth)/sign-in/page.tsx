import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SsoButton } from '@/components/auth/sso-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getEnv } from '@/lib/env';
import { safeLocalPath } from '@/lib/http/safe-redirect';
import { HOME_BY_ROLE } from '@/lib/policy/roles';
import { CHANGE_PASSWORD_PATH, currentViewer } from '@/lib/server/auth/session';
import { localPasswordsEnabled, ssoConfig } from '@/lib/server/auth/sso-config';
import { hasNoUsers } from '@/lib/server/auth/user-admin';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}) {
  const { next, error } = await searchParams;
  // Checked after normalisation and decoding (lib/http/safe-redirect.ts): `/..//evil.example` and
  // its encoded forms never leave the site, for a signed-in visitor either.
  const nextPath = safeLocalPath(typeof next === 'string' ? next : null) ?? undefined;
  const viewer = await currentViewer();
  if (viewer?.mustChangePassword) redirect(`${CHANGE_PASSWORD_PATH}?required=1`);
  if (viewer) redirect(nextPath ?? HOME_BY_ROLE[viewer.role]);
  const noUsersYet = await hasNoUsers();
  const sso = ssoConfig(getEnv());
  // LOCAL_PASSWORDS=off: the organisation's sign-in is the only way in.
  const passwords = localPasswordsEnabled(getEnv());

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
            passwords && <SignInForm next={nextPath} />
          )}
          {sso ? (
            <SsoButton
              providerName={sso.name}
              next={nextPath}
              error={typeof error === 'string' ? error : undefined}
              separated={passwords || noUsersYet}
            />
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}
