'use client';

import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** Why a single sign-on came back to the sign-in page, in words (codes from lib/server/auth/sso.ts). */
const SSO_ERRORS: Record<string, string> = {
  email_domain_not_allowed: 'Your account’s email domain is not allowed to use this dashboard.',
  no_role_for_new_user:
    'Your account is not set up here yet: an administrator must choose a role for new single sign-on users.',
  account_deactivated: 'Your account is deactivated in this dashboard. Ask an administrator.',
  access_denied: 'The sign-in was cancelled at your organisation’s sign-in page.',
};
const SSO_FAILED =
  'Single sign-on did not complete. Try again; if it keeps failing, contact an administrator.';

/**
 * "Sign in with <provider>". The route answers the provider's address and the browser goes
 * there itself: the pages' CSP (`form-action 'self'`) would stop a form from following a redirect
 * to the provider.
 */
export function SsoButton({
  providerName,
  next,
  error,
  separated,
}: {
  providerName: string;
  next?: string;
  /** The `error` code the sign-in page was opened with after a failed single sign-on. */
  error?: string;
  /** Whether the password form is shown above, so an "or" divides the two. */
  separated: boolean;
}) {
  const signIn = useApiMutation({
    mutationFn: () => apiFetch<{ url: string }>('/api/auth/sso', { method: 'POST', json: { next } }),
    failure: SSO_FAILED,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const start = () => signIn.mutate();
  // Until the organisation's page loads, the button stays as it was pressed.
  const pending = signIn.isPending || signIn.isSuccess;
  // The failure of this attempt, else the one the sign-in page was opened with.
  const failure =
    signIn.failureMessage ?? (error && signIn.isIdle ? (SSO_ERRORS[error] ?? SSO_FAILED) : null);

  return (
    <div className={separated ? 'mt-4 flex flex-col gap-3' : 'flex flex-col gap-3'}>
      {separated ? (
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      <FailureAlert message={failure} />
      <Button
        type="button"
        onClick={start}
        disabled={pending}
        variant={separated ? 'outline' : 'default'}
        className="w-full"
      >
        {pending ? 'Opening your organisation’s sign-in…' : `Sign in with ${providerName}`}
      </Button>
    </div>
  );
}
