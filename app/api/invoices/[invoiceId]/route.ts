import { z } from 'zod';
import { loadInvoiceDetail } from '@/lib/server/invoices';
import { defineRoute } from '@/lib/server/route';

const paramsSchema = z.object({ invoiceId: z.uuid({ error: 'expected an invoice id' }) });

/** One invoice with every line and the result of every check. */
export const GET = defineRoute(
  { access: 'invoices:read', params: paramsSchema },
  async ({ params, requestId }) => loadInvoiceDetail(params.invoiceId, requestId),
);
