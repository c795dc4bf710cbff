import { readUrlValues, type SearchParams } from '@/lib/http/url-parsers';
import { invoiceParams } from './url-state';

/**
 * The invoice list's whole address, read by its server page with the parsers of ./url-state.ts
 * and the one reader of addresses (lib/http/url-parsers.ts).
 */
export const loadInvoiceParams = (search: URLSearchParams | SearchParams) =>
  readUrlValues(invoiceParams, search);
