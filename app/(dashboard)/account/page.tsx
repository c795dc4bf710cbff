import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { LocaleForm } from '@/components/account/locale-form';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { PageHeader } from '@/components/shell/page-header';
import { Alert } from '@/components/ui/alert';
import { isLocaleChoice, LOCALE_COOKIE, localeFromAcceptLanguage } from '@/lib/format/locale';
import { requireViewer } from '@/lib/server/auth/session';

export const metadata: Metadata = { title: 'Your account' };

/**
 * The signed-in user's own account: changing their password, and how dates and numbers read. Every page sends a user here while a
 * password an administrator set waits to be changed (lib/server/auth/session.ts).
 */
export default async function AccountPage() {
  const viewer = await requireViewer();
  const [requestHeaders, requestCookies] = await Promise.all([headers(), cookies()]);
  const chosen = requestCookies.get(LOCALE_COOKIE)?.value;
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
      {viewer.mustChangePassword ? null : (
        <section aria-labelledby="formats-heading" className="mt-10 flex flex-col gap-4">
          <h2 id="formats-heading" className="text-lg font-semibold">
            Formats
          </h2>
          <LocaleForm
            chosen={isLocaleChoice(chosen) ? chosen : null}
            browser={localeFromAcceptLanguage(requestHeaders.get('accept-language'))}
          />
        </section>
      )}
    </>
  );
}
