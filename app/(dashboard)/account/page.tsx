import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { PageHeader } from '@/components/shell/page-header';
import { Alert } from '@/components/ui/alert';
import { requireViewer } from '@/lib/server/auth/session';

export const metadata: Metadata = { title: 'Your account' };

/**
 * The signed-in user's own account: changing their password. Every page sends a user here while a
 * password an administrator set waits to be changed (lib/server/auth/session.ts).
 */
export default async function AccountPage() {
  const viewer = await requireViewer();
  return (
    <>
      <PageHeader title="Your account" description={`${viewer.name} · ${viewer.email}`} />
      <section aria-labelledby="password-heading" className="flex flex-col gap-4">
        <h2 id="password-heading" className="text-lg font-semibold">
          Change your password
        </h2>
        {viewer.mustChangePassword ? (
          <Alert tone="warning">
            <p>
              An administrator set your password. Choose your own before you continue: the rest of the
              dashboard opens once it is changed.
            </p>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            Your other sessions (other browsers and devices) are signed out when the password changes.
          </p>
        )}
        <ChangePasswordForm />
      </section>
    </>
  );
}
