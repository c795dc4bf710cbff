import { analyticsReportSchema } from '@/lib/analytics/query';
import { lastCompleteMonth, loadMonthlyReport } from '@/lib/server/analytics/report';
import { renderMonthlyReportPdf } from '@/lib/server/analytics/report-pdf';
import { requestLocale } from '@/lib/server/http/request-context';
import { defineRoute } from '@/lib/server/http/route';

/** The monthly management report as a PDF download, for ?month=YYYY-MM or last month. */
export const GET = defineRoute(
  { access: 'analytics:read', query: analyticsReportSchema },
  async ({ query, request, requestId, clients }) => {
    const month = query.month ?? lastCompleteMonth();
    const pdf = await renderMonthlyReportPdf(
      await loadMonthlyReport(month, requestId, await clients()),
      requestLocale(request),
    );
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="renewal-spend-${month}.pdf"`,
        'cache-control': 'no-store',
      },
    });
  },
);
