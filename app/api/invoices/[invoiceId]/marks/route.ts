import { z } from 'zod';
import { markSchema } from '@/lib/invoices/mark.schema';
import { defineRoute } from '@/lib/server/http/route';
import { markInvoiceById, marksOfInvoiceInScope } from '@/lib/server/invoices/reconciliation-marks';

const paramsSchema = z.object({ invoiceId: z.uuid({ error: 'expected an invoice id' }) });

/**
 * The marks of an invoice: our database and the invoice copy, cheap enough for other finance users
 * to poll; another client's invoice is not found.
 */
export const GET = defineRoute(
  { access: 'invoices:read', params: paramsSchema },
  async ({ params, requestId, clients }) => ({
    marks: await marksOfInvoiceInScope(await clients(), params.invoiceId, requestId),
  }),
);

/** Marks a line or the invoice reconciled or disputed. */
export const PUT = defineRoute(
  { access: 'reconciliation:write', audit: 'reconciliation.mark', params: paramsSchema, body: markSchema },
  async ({ params, body, viewer, requestId, clients }) => {
    // A line it does not have (404) or a dispute still open (409) is refused, audited, and thrown.
    return { marks: await markInvoiceById(viewer, await clients(), params.invoiceId, body, requestId) };
  },
);
