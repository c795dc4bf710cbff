import {
  createLoader,
  parseAsInteger,
  parseAsNativeArrayOf,
  parseAsString,
  parseAsStringLiteral,
} from 'nuqs/server';
import { INVOICE_SORTS, type InvoiceListQuery, invoiceListQuerySchema } from '@/lib/invoices/query';
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

const shape = invoiceListQuerySchema.shape;
/** A value the list schema accepts, or undefined so the schema's default applies. */
const valid = (key: keyof typeof shape, value: unknown) =>
  shape[key].safeParse(value).success ? value : undefined;

/**
 * The list query the URL names. A hand-edited URL with a bad value falls back to the default for
 * that value (page 1, 25 per page, no date bound), never an error page.
 */
export function invoiceQueryFromParams(params: InvoiceParams): InvoiceListQuery {
  return invoiceListQuerySchema.parse({
    page: valid('page', params.page),
    size: valid('size', params.size),
    sort: params.sort,
    origin: valid('origin', params.origin),
    status: params.status,
    from: valid('from', params.from ?? undefined),
    to: valid('to', params.to ?? undefined),
  });
}
