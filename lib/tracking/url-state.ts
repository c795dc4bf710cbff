import { CLIENT_FILTER } from '@/lib/clients/client-filter';
import { type UrlPatch, urlOf } from '@/lib/http/url-parsers';
import { DUE_MONTH, requestQueryFor, text, urlParsers } from '@/lib/http/url-state';

/**
 * The tracking board's state in the URL: the one place to add a filter. Add a row to
 * trackingUrlState with its kind and rules, and `sent: ['api']` when /api/tracking must receive
 * it; then add its control in components/tracking/tracking-board.tsx. The parsers, the board's
 * links, the query string of /api/tracking and its route handler's schema (./query.ts) all follow
 * from this table; the page reads the month with readField (lib/http/url-state-rules.ts).
 */
export const trackingUrlState = {
  /** The due month on the board; the API must be told one, the page opens this month without. */
  month: text({ check: DUE_MONTH, required: true, sent: ['api'] }),
  /** One of the user's clients, or all of them (lib/server/clients/client-filter.ts). */
  client: text({ check: CLIENT_FILTER, sent: ['api'] }),
};

export const trackingParams = urlParsers(trackingUrlState);
export const serializeTrackingParams = (path: string, values: UrlPatch<typeof trackingParams>) =>
  urlOf(trackingParams, path, values);

export const trackingApiQuery = requestQueryFor(trackingUrlState, 'api');
