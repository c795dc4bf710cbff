import { z } from 'zod';
import { isCalendarDate } from '@/lib/format/dates';
import { MAX_PAGE, PAGE_SIZES } from '@/lib/http/limits';
import { repeatable } from '@/lib/http/query';
import { DEFAULT_PAGE_SIZE, INVOICE_SORTS, ORIGIN_PATTERN } from './query-string';
import { RECONCILIATION_STATUSES } from './reconciliation';

export { filtersQueryString, INVOICE_SORTS, type InvoiceSort, listQueryString } from './query-string';

/**
 * The invoice list's state (URL and /api/invoices) and an export's scope. The service pages
 * invoices with no filter at all (spec: Endpoints 11), so every filter here is applied by the
 * dashboard over the whole list (lib/server/invoices/catalog.ts says how it is read).
 */
const calendarDate = z.string().refine(isCalendarDate, 'expected a YYYY-MM-DD date');
// Open enum (spec: Conventions): any origin the service may add can be filtered on.
const origin = z.string().trim().toUpperCase().regex(ORIGIN_PATTERN, 'an origin such as GENERATED');

export const invoiceFiltersSchema = z.object({
  origin: repeatable(origin),
  status: repeatable(z.enum(RECONCILIATION_STATUSES)),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export type InvoiceFilters = z.output<typeof invoiceFiltersSchema>;

export const invoiceListQuerySchema = invoiceFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'a page size of 10, 25, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(INVOICE_SORTS).default('-issueDate'),
  /** Read the list from the service again instead of the copy of the last seconds. */
  fresh: z.enum(['1']).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InvoiceExportFormat = (typeof EXPORT_FORMATS)[number];

/** One invoice by id, or every invoice the filters select (an issue-date range, origin, status). */
export const invoiceExportQuerySchema = invoiceFiltersSchema.extend({
  format: z.enum(EXPORT_FORMATS),
  invoiceId: z.uuid({ error: 'expected an invoice id' }).optional(),
  /** Answer progress lines and then the file (NDJSON) instead of the file alone. */
  progress: z.enum(['1']).optional(),
});
export type InvoiceExportQuery = z.output<typeof invoiceExportQuerySchema>;
