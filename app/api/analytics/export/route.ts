import { analyticsExportRows } from '@/lib/analytics/export-columns';
import { analyticsExportSchema } from '@/lib/analytics/query';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { fileResponse, toCsv } from '@/lib/server/http/export-file';
import { defineRoute } from '@/lib/server/http/route';

/** One analytics table as a CSV file, the same rows the page shows. */
export const GET = defineRoute(
  { access: 'analytics:read', query: analyticsExportSchema },
  async ({ query, requestId }) => {
    const data = await loadSpendAnalytics(requestId);
    return fileResponse(toCsv(analyticsExportRows(data, query.table)), query.format, `spend-${query.table}`);
  },
);
