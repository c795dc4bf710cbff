import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import type { ApiKeyAlert } from '@/lib/connection/api-key-views';

/**
 * The admins' warning about the API key in use: a recorded expiry coming near, or the
 * service answering api_key_expired. Shown in the header of every page and on the connection page.
 */
export function ApiKeyAlertBanner({
  alert,
  linkToConnection = false,
}: {
  alert: ApiKeyAlert;
  linkToConnection?: boolean;
}) {
  return (
    <Alert tone={alert.tone}>
      <h2>{alert.title}</h2>
      <p>
        {alert.message}
        {linkToConnection ? (
          <>
            {' '}
            <Link href="/admin/connection" className="font-medium underline underline-offset-2">
              Open the connection page
            </Link>
          </>
        ) : null}
      </p>
    </Alert>
  );
}
