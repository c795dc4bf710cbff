import {
  createLoader,
  parseAsInteger,
  parseAsNativeArrayOf,
  parseAsString,
  parseAsStringLiteral,
} from 'nuqs/server';
import { isCalendarDate } from '@/lib/format/dates';
import { MAX_PAGE, MAX_REPEATED_VALUES, PAGE_SIZES } from '@/lib/http/limits';
import type { InvoiceListQuery } from '@/lib/invoices/query';
import { DEFAULT_PAGE_SIZE, INVOICE_SORTS, ORIGIN_PATTERN } from '@/lib/invoices/query-string';
import { RECONCILIATION_STATUSES } from '@/lib/invoices/reconciliation';

/**
 * The invoice list's state in the URL (style 7), one parser map for the server page and the
 * client table. Lists use repeated keys: origin=GENERATED&origin=IMPORTED.
 */
export const invoiceParams = {
  page: parseAsInteger.withDefault(1),
  size: parseAsInteger.withDefault(25),
  sort: parseAsStringLiteral(INVOICE_SORTS).withDefault('-issueDate'),
  origin: parseAsNativeArrayOf(parseAsString).withDefault([]),
  status: parseAsNativeArrayOf(parseAsStringLiteral(RECONCILIATION_STATUSES)).withDefault([]),
  from: parseAsString,
  to: parseAsString,
  hide: parseAsNativeArrayOf(parseAsString).withDefault([]),
};

export const loadInvoiceParams = createLoader(invoiceParams);

type InvoiceParams = {
  page: number;
  size: number;
  sort: InvoiceListQuery['sort'];
  origin: string[];
  status: InvoiceListQuery['status'];
  from: string | null;
  to: string | null;
};

const calendarDateOrNone = (value: string | null) => (value && isCalendarDate(value) ? value : undefined);

/**
 * The list query the URL names. A hand-edited URL with a bad value falls back to the default for
 * that value (page 1, 25 per page, no date bound), never an error page. It runs in the browser on
 * every change, so it checks the list schema's rules (lib/invoices/query.ts, whose limits it
 * shares) without zod; its test holds every answer against the schema.
 */
export function invoiceQueryFromParams(params: InvoiceParams): InvoiceListQuery {
  const origin = params.origin.map((value) => value.trim().toUpperCase());
  return {
    page: Number.isInteger(params.page) && params.page >= 1 && params.page <= MAX_PAGE ? params.page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(params.size) ? params.size : DEFAULT_PAGE_SIZE,
    sort: params.sort,
    origin:
      origin.length <= MAX_REPEATED_VALUES && origin.every((value) => ORIGIN_PATTERN.test(value))
        ? origin
        : [],
    status: params.status,
    from: calendarDateOrNone(params.from),
    to: calendarDateOrNone(params.to),
  };
}
