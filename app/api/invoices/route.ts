import { invoiceListQuerySchema } from '@/lib/invoices/query';
import { loadInvoiceList } from '@/lib/server/invoices';
import { defineRoute } from '@/lib/server/route';

/** A page of the invoice list, filtered and sorted by the dashboard over every invoice. */
export const GET = defineRoute(
  { access: 'invoices:read', query: invoiceListQuerySchema },
  async ({ query, requestId }) => loadInvoiceList(query, requestId),
);
