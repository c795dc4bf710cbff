import {
  createLoader,
  createSerializer,
  parseAsNativeArrayOf,
  parseAsString,
  parseAsStringLiteral,
} from 'nuqs/server';
import { BADGE_KINDS } from '@/lib/renewals/instructability';

/**
 * The month view's whole state lives in the URL, so a view can be bookmarked and shared. One
 * parser map, read by the server page and by the client components alike (style: URL is the
 * table state). Lists use repeated keys: offices=EP&offices=US.
 */
export const renewalsParams = {
  // The window, and the filters the service applies (spec: Endpoints 9).
  month: parseAsString,
  from: parseAsString,
  to: parseAsString,
  offices: parseAsNativeArrayOf(parseAsString),
  owners: parseAsNativeArrayOf(parseAsString),
  family: parseAsNativeArrayOf(parseAsString),
  // Local: the service has no filter on these.
  badge: parseAsNativeArrayOf(parseAsStringLiteral(BADGE_KINDS)),
  decision: parseAsNativeArrayOf(parseAsString),
  processing: parseAsNativeArrayOf(parseAsString),
  group: parseAsStringLiteral(['office'] as const),
  sort: parseAsString,
  // The owner is one filter away; its column is shown on request to keep the table scannable.
  hide: parseAsNativeArrayOf(parseAsString).withDefault(['owner']),
};

export const loadRenewalsParams = createLoader(renewalsParams);
export const serializeRenewalsParams = createSerializer(renewalsParams);
