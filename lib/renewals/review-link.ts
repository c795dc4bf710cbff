/**
 * The review page remembers which month view it was opened from, so "Back to the month view" returns
 * to the same month, filters and sort rather than the default month. Only the query
 * string travels: the path is always the month view's, so the link can never lead off the page.
 */
const MONTH_VIEW = '/renewals';
const MAX_QUERY_LENGTH = 2_000;

/** The review's address, opened from the month view whose query string is `monthViewSearch`. */
export function reviewHref(monthViewSearch: string): string {
  const query = new URLSearchParams(monthViewSearch).toString();
  return query && query.length <= MAX_QUERY_LENGTH
    ? `/renewals/review?from=${encodeURIComponent(query)}`
    : '/renewals/review';
}

/** Where "Back to the month view" leads: the month view the review was opened from, or the default. */
export function monthViewReturn(from: string | string[] | undefined): string {
  if (typeof from !== 'string' || from.length > MAX_QUERY_LENGTH) return MONTH_VIEW;
  const query = new URLSearchParams(from).toString();
  return query ? `${MONTH_VIEW}?${query}` : MONTH_VIEW;
}
