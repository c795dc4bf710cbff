import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import type { InvoiceDetailData } from '@/lib/invoices/detail';
import type { InvoiceListPage } from '@/lib/invoices/list';
import type { MarkView } from '@/lib/invoices/reconciliation';
import { type InvoiceListQuery, invoiceListApiQuery } from '@/lib/invoices/url-state';

/**
 * One query factory per resource (style 6): the server pages fill these keys, the browser reads
 * and refetches them, and a mark invalidates the whole INVOICES_KEY prefix (the list's statuses
 * change with it).
 */
export const INVOICES_KEY = ['invoices'] as const;

export function invoiceListQuery(query: InvoiceListQuery) {
  const { fresh: _fresh, ...state } = query;
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'list', state] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvoiceListPage>(`/api/invoices?${invoiceListApiQuery(state)}`, { signal }),
  });
}

export function invoiceDetailQuery(invoiceId: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', invoiceId] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvoiceDetailData>(`/api/invoices/${encodeURIComponent(invoiceId)}`, { signal }),
  });
}

/** Marks are our own data: cheap to poll, so another finance user's marks show up within a minute. */
const MARKS_POLL_MS = 30_000;

export function invoiceMarksQuery(invoiceId: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'marks', invoiceId] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ marks: MarkView[] }>(`/api/invoices/${encodeURIComponent(invoiceId)}/marks`, { signal }),
    refetchInterval: MARKS_POLL_MS,
  });
}
