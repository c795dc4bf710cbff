import { requestSchema } from '@/lib/http/url-state-schema';
import { invoiceRequestFields } from './url-state';

export type { ExportFormat as InvoiceExportFormat } from '@/lib/http/url-state';
export type { InvoiceExportQuery, InvoiceFilters, InvoiceListQuery, InvoiceSort } from './url-state';

/**
 * The invoice list's requests as zod schemas for the route handlers, derived from its URL state
 * (./url-state.ts: add a filter there, not here).
 */

/** /api/invoices: a page of the list, filtered and sorted by the dashboard. */
export const invoiceListQuerySchema = requestSchema(invoiceRequestFields, 'api');

/** /api/invoices/export: one invoice by id, or every invoice the filters select. */
export const invoiceExportQuerySchema = requestSchema(invoiceRequestFields, 'export');
