import { z } from 'zod';
import { markSchema } from '@/components/invoices/mark.schema';
import { problemResponse } from '@/lib/server/problem';
import { markInvoice, marksOfInvoice } from '@/lib/server/reconciliation-marks';
import { defineRoute } from '@/lib/server/route';
import { upstreamClient } from '@/lib/server/upstream';

const paramsSchema = z.object({ invoiceId: z.uuid({ error: 'expected an invoice id' }) });

/** The marks of an invoice: our database only, cheap enough for other finance users to poll. */
export const GET = defineRoute({ access: 'invoices:read', params: paramsSchema }, async ({ params }) => ({
  marks: await marksOfInvoice(params.invoiceId),
}));

/**
 * Marks a line or the invoice reconciled or disputed. The invoice is read from the service first,
 * so a mark always names a line the invoice has (spec: Endpoints 12; a 404 is a 404 here too).
 */
export const PUT = defineRoute(
  { access: 'reconciliation:write', audit: 'reconciliation.mark', params: paramsSchema, body: markSchema },
  async ({ params, body, viewer, requestId }) => {
    const { data: invoice } = await upstreamClient(requestId).getInvoice(params.invoiceId, { requestId });
    const outcome = await markInvoice(viewer, invoice, body, requestId);
    if (!outcome.ok) {
      const { ok: _ok, ...problem } = outcome;
      return problemResponse({ ...problem, requestId });
    }
    return { marks: outcome.marks };
  },
);
