import { z } from 'zod';
import { requestLocale } from '@/lib/server/http/request-context';
import { defineRoute } from '@/lib/server/http/route';
import { loadInvoiceDetail } from '@/lib/server/invoices/invoices';

const paramsSchema = z.object({ invoiceId: z.uuid({ error: 'expected an invoice id' }) });

/** One invoice with every line and the result of every check. */
export const GET = defineRoute(
  { access: 'invoices:read', params: paramsSchema },
  async ({ params, requestId, request, clients }) =>
    loadInvoiceDetail(params.invoiceId, requestId, await clients(), requestLocale(request)),
);
