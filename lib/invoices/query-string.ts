import type { InvoiceFilters, InvoiceListQuery } from './query';

/**
 * The invoice list's query as URL parameters, and the values its zod schema (./query.ts) checks,
 * without zod: the browser builds and reads these on every click, and the schema library stays
 * out of the page's first load (bench: JS per route).
 */
export const DEFAULT_PAGE_SIZE = 25;
export const INVOICE_SORTS = ['-issueDate', 'issueDate', 'reference', '-reference'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];
// Open enum (spec: Conventions): any origin the service may add can be filtered on.
export const ORIGIN_PATTERN = /^[A-Z][A-Z_]{0,39}$/;

export function filtersQueryString(filters: Partial<InvoiceFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const value of filters.origin ?? []) params.append('origin', value);
  for (const value of filters.status ?? []) params.append('status', value);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

export function listQueryString(query: Partial<InvoiceListQuery>): string {
  const params = filtersQueryString(query);
  if (query.page) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  if (query.sort) params.set('sort', query.sort);
  if (query.fresh) params.set('fresh', query.fresh);
  return params.toString();
}
