/**
 * The month view's service query as URL parameters, without zod (./query.ts holds the schema),
 * because the browser builds it for every refetch and export link (bench: JS per route). Lists
 * are repeated keys: offices=EP&offices=US.
 */
export function renewalsQueryString(query: {
  month?: string | null;
  from?: string | null;
  to?: string | null;
  offices?: readonly string[];
  owners?: readonly string[];
  family?: readonly string[];
}): string {
  const params = new URLSearchParams();
  if (query.month) params.set('month', query.month);
  else if (query.from && query.to) {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  for (const key of ['offices', 'owners', 'family'] as const) {
    for (const value of query[key] ?? []) params.append(key, value);
  }
  return params.toString();
}
