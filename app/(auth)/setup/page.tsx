import type { Metadata } from 'next';
import { FirstAdminForm } from '@/components/auth/first-admin-form';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { setupLinkUsable } from '@/lib/server/auth/user-admin';

export const metadata: Metadata = { title: 'Set up' };

export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const linkToken = typeof token === 'string' ? token : undefined;
  const usable = await setupLinkUsable(linkToken);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold">Create the first administrator</h1>
          <CardDescription>
            The administrator then invites everyone else and gives them their roles.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {usable && linkToken ? (
            <FirstAdminForm token={linkToken} />
          ) : (
            <p className="text-sm text-muted-foreground">
              This set-up link is not valid: it was already used, it expired, or accounts exist. Restart the
              dashboard to print a new link while no accounts exist, or sign in.
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
