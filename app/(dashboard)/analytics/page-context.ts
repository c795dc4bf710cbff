import 'server-only';
import { requireViewer } from '@/lib/server/auth/session';
import { clientFilterOf } from '@/lib/server/clients/client-filter';
import { pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale, pageRequestId } from '@/lib/server/http/request-context';

/** An analytics page's `searchParams` prop, as Next gives it. */
export type AnalyticsSearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * What an analytics page over the user's clients starts from: the viewer, the request id and
 * locale, the client scope, and the client filter of the address (`client`, checked by the loader).
 */
export async function analyticsPageContext(searchParams: AnalyticsSearchParams) {
  const viewer = await requireViewer('analytics:read');
  const [requestId, locale, scope] = await Promise.all([
    pageRequestId(),
    pageLocale(),
    pageClientScope(viewer.userId),
  ]);
  return { viewer, requestId, locale, scope, client: clientFilterOf((await searchParams).client) };
}
