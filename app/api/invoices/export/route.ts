import { EXPORT_PROGRESS_CONTENT_TYPE, type ExportMessage } from '@/lib/invoices/export-progress';
import { invoiceExportQuerySchema } from '@/lib/invoices/query';
import { logger } from '@/lib/log';
import { errorToProblem } from '@/lib/server/errors/error-mapping';
import { defineRoute } from '@/lib/server/http/route';
import { type ExportPlan, planInvoiceExport, writeInvoiceExport } from '@/lib/server/invoices/export';
import { pacedStream, StreamCancelledError } from '@/lib/server/invoices/stream';

/**
 * Invoice lines as CSV or XLSX, for one invoice or a selection: reading invoices and taking them
 * away as a file are two permissions, both needed. The file is streamed as it
 * is made (lib/server/invoices/export.ts); with `progress=1` the same bytes come inside progress
 * lines, so the browser can show how far the export has come.
 */
export const GET = defineRoute(
  { access: ['invoices:read', 'exports:read'], query: invoiceExportQuerySchema },
  async ({ query, requestId, clients }) => {
    const plan = await planInvoiceExport(query, requestId, await clients());
    return query.progress ? progressResponse(plan, requestId) : fileResponse(plan, requestId);
  },
);

function fileResponse(plan: ExportPlan, requestId: string): Response {
  const body = pacedStream((out) =>
    writeInvoiceExport(plan, requestId, {
      data: out.push,
      progress: () => undefined,
      ready: out.ready,
    }).catch((error: unknown) => {
      if (!(error instanceof StreamCancelledError))
        logger.error({ err: error, requestId }, 'invoice export failed');
      throw error;
    }),
  );
  return new Response(body, {
    headers: {
      'content-type': plan.contentType,
      'content-disposition': `attachment; filename="${plan.filename}"`,
      'cache-control': 'no-store',
      'x-export-line-count': String(plan.lineCount),
    },
  });
}

function progressResponse(plan: ExportPlan, requestId: string): Response {
  const encoder = new TextEncoder();
  const body = pacedStream(async (out) => {
    const send = (message: ExportMessage) => out.push(encoder.encode(`${JSON.stringify(message)}\n`));
    send({
      type: 'plan',
      invoices: plan.invoices.length,
      lines: plan.lineCount,
      filename: plan.filename,
      contentType: plan.contentType,
    });
    try {
      await writeInvoiceExport(plan, requestId, {
        data: (bytes) => send({ type: 'data', base64: Buffer.from(bytes).toString('base64') }),
        progress: (progress) => send({ type: 'progress', ...progress }),
        ready: out.ready,
      });
      send({ type: 'done' });
    } catch (error) {
      if (error instanceof StreamCancelledError) throw error;
      // The 200 is already sent: the failure travels as the last line, in the usual words.
      const { title, detail, code } = errorToProblem(error, requestId);
      if (code === 'internal_error') logger.error({ err: error, requestId }, 'invoice export failed');
      send({ type: 'error', problem: { title, detail, code, requestId } });
    }
  });
  return new Response(body, {
    headers: { 'content-type': EXPORT_PROGRESS_CONTENT_TYPE, 'cache-control': 'no-store' },
  });
}
