import { analyticsExportRows } from '@/lib/analytics/export-columns';
import { analyticsExportSchema } from '@/lib/analytics/query';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';

/** One analytics table as a CSV or XLSX file, the same rows the page shows. */
export const GET = defineRoute(
  { access: 'analytics:read', query: analyticsExportSchema },
  async ({ query, requestId, clients }) => {
    const rows = analyticsExportRows(
      await loadSpendAnalytics(requestId, await clients(), query.client),
      query.table,
    );
    const basename = `spend-${query.table}`;
    return tableFile(rows, query.format, basename);
  },
);
