import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { LocaleForm } from '@/components/account/locale-form';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
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
      <PageSection id="password-heading" title="Change your password" className="gap-4">
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
      </PageSection>
      {viewer.mustChangePassword ? null : (
        <PageSection id="formats-heading" title="Formats" className="mt-10 gap-4">
          <LocaleForm
            chosen={isLocaleChoice(chosen) ? chosen : null}
            browser={localeFromAcceptLanguage(requestHeaders.get('accept-language'))}
          />
        </PageSection>
      )}
    </>
  );
}
