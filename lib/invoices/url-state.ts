import { CLIENT_FILTER } from '@/lib/clients/client-filter';
import { MAX_PAGE, PAGE_SIZES } from '@/lib/http/limits';
import {
  CALENDAR_DATE,
  choice,
  EXPORT_FORMATS,
  int,
  list,
  type RequestValues,
  requestQueryFor,
  text,
  urlParsers,
} from '@/lib/http/url-state';
import { requestFromUrl, type UrlValues } from '@/lib/http/url-state-rules';
import { RECONCILIATION_STATUSES } from './reconciliation';

/**
 * The invoice list's state in the URL: the one place to add a filter. Add a row to invoiceUrlState
 * with its kind and rules, and `sent` when /api/invoices (api) or the export must receive it; then
 * add its control in invoices-table.tsx. The parsers of its address (and the page's loader,
 * ./url-state-address.ts), the query strings of /api/invoices and of an export, the lenient
 * reading of a hand-edited address and the route handlers' schema (./query.ts) all follow from
 * this table. The service pages invoices with no filter at all (spec: Endpoints 11), so every
 * filter here is applied by the dashboard over the whole list (lib/server/invoices/catalog.ts
 * says how it is read). Lists are repeated keys: origin=GENERATED&origin=IMPORTED.
 */

const INVOICE_SORTS = ['-issueDate', 'issueDate', 'reference', '-reference'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

const ORIGIN = {
  trim: true,
  upper: true,
  // Open enum (spec: Conventions): any origin the service may add can be filtered on.
  check: {
    test: (value: string) => /^[A-Z][A-Z_]{0,39}$/.test(value),
    message: 'an origin such as GENERATED',
  },
};
// RFC 9562 ids: versions 1 to 8, and the nil and max ids.
const INVOICE_ID = {
  test: (value: string) =>
    /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(
      value,
    ),
  message: 'expected an invoice id',
};
const FILTER = ['api', 'export'] as const;

export const invoiceUrlState = {
  page: int({ min: 1, max: MAX_PAGE, default: 1, sent: ['api'] }),
  size: int({ only: PAGE_SIZES, default: 25, sent: ['api'] }),
  sort: choice(INVOICE_SORTS, { default: '-issueDate', sent: ['api'] }),
  // The filters; an export takes the same selection.
  origin: list(text(ORIGIN), { sent: FILTER }),
  status: list(choice(RECONCILIATION_STATUSES), { sent: FILTER }),
  from: text({ check: CALENDAR_DATE, sent: FILTER }),
  to: text({ check: CALENDAR_DATE, sent: FILTER }),
  client: text({ check: CLIENT_FILTER, sent: FILTER }),
  hide: list(text()),
};

/** Request parameters beside the list's state, never in the page's address. */
const invoiceRequestParams = {
  /** Read the list from the service again instead of the copy of the last seconds. */
  fresh: choice(['1'], { sent: ['api'] }),
  format: choice(EXPORT_FORMATS, { required: true, sent: ['export'] }),
  /** One invoice (the detail page's export) instead of the filters' selection. */
  invoiceId: text({ check: INVOICE_ID, sent: ['export'] }),
  /** Answer progress lines and then the file (NDJSON) instead of the file alone. */
  progress: choice(['1'], { sent: ['export'] }),
};
export const invoiceRequestFields = { ...invoiceUrlState, ...invoiceRequestParams };

/** What /api/invoices is asked, once validated. */
export type InvoiceListQuery = RequestValues<typeof invoiceRequestFields, 'api'>;
/** What an export is asked: one invoice by id, or every invoice the filters select. */
export type InvoiceExportQuery = RequestValues<typeof invoiceRequestFields, 'export'>;
export type InvoiceFilters = Pick<InvoiceListQuery, 'origin' | 'status' | 'from' | 'to' | 'client'>;

/** The parser map useUrlState reads; the server page loads with ./url-state-address.ts. */
export const invoiceParams = urlParsers(invoiceUrlState);

/**
 * The list query the URL names. A hand-edited URL with a bad value falls back to the default for
 * that value (page 1, 25 per page, no date bound, no origin), never an error page.
 */
export const invoiceQueryFromParams = (params: UrlValues<typeof invoiceUrlState, 'api'>): InvoiceListQuery =>
  requestFromUrl(invoiceUrlState, 'api', params);

export const invoiceListApiQuery = requestQueryFor(invoiceRequestFields, 'api');
export const invoiceExportQuery = requestQueryFor(invoiceRequestFields, 'export');
