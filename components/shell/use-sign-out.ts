'use client';

import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/**
 * Signing out from the header or the command palette: the session is ended on the server, and the
 * sign-in page opens whatever it answered (a lost connection must not keep anyone "signed in" here).
 */
export function useSignOut() {
  return useApiMutation({
    mutationFn: () =>
      apiFetch('/api/session', { method: 'DELETE' })
        .catch(() => undefined)
        .finally(() => window.location.assign('/sign-in')),
    failure: 'Signing out failed.',
  });
}
