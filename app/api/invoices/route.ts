import { invoiceListQuerySchema } from '@/lib/invoices/query';
import { defineRoute } from '@/lib/server/http/route';
import { loadInvoiceList } from '@/lib/server/invoices/invoices';

/** A page of the invoice list, filtered and sorted by the dashboard over every invoice of the user's clients. */
export const GET = defineRoute(
  { access: 'invoices:read', query: invoiceListQuerySchema },
  async ({ query, requestId, clients }) => loadInvoiceList(query, requestId, await clients()),
);
