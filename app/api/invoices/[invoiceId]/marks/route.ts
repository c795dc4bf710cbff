import { z } from 'zod';
import { markSchema } from '@/lib/invoices/mark.schema';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { markInvoiceById, marksOfInvoice } from '@/lib/server/invoices/reconciliation-marks';

const paramsSchema = z.object({ invoiceId: z.uuid({ error: 'expected an invoice id' }) });

/** The marks of an invoice: our database only, cheap enough for other finance users to poll. */
export const GET = defineRoute({ access: 'invoices:read', params: paramsSchema }, async ({ params }) => ({
  marks: await marksOfInvoice(params.invoiceId),
}));

/** Marks a line or the invoice reconciled or disputed. */
export const PUT = defineRoute(
  { access: 'reconciliation:write', audit: 'reconciliation.mark', params: paramsSchema, body: markSchema },
  async ({ params, body, viewer, requestId }) => {
    const outcome = await markInvoiceById(viewer, params.invoiceId, body, requestId);
    if (!outcome.ok) {
      const { ok: _ok, ...problem } = outcome;
      return problemResponse({ ...problem, requestId });
    }
    return { marks: outcome.marks };
  },
);
