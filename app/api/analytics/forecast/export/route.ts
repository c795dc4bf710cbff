import { forecastExportRows } from '@/lib/forecast/export-columns';
import { forecastExportSchema } from '@/lib/forecast/query';
import { tableFile } from '@/lib/server/files/export-file';
import { loadForecast } from '@/lib/server/forecast/load';
import { defineRoute } from '@/lib/server/http/route';

/** One forecast table as CSV or XLSX, the same rows the page shows. */
export const GET = defineRoute(
  { access: 'analytics:read', query: forecastExportSchema },
  async ({ query }) => {
    const rows = forecastExportRows(await loadForecast(), query.table);
    const name = `forecast-${query.table}`;
    return tableFile(rows, query.format, name);
  },
);
