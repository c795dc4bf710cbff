import { forecastExportRows } from '@/lib/forecast/export-columns';
import { forecastExportSchema } from '@/lib/forecast/query';
import { connectionsToRead } from '@/lib/server/clients/client-filter';
import { tableFile } from '@/lib/server/files/export-file';
import { loadForecast } from '@/lib/server/forecast/load';
import { defineRoute } from '@/lib/server/http/route';

/** One forecast table as CSV or XLSX, the same rows the page shows. */
export const GET = defineRoute(
  { access: 'analytics:read', query: forecastExportSchema },
  async ({ query, clients }) => {
    const rows = forecastExportRows(
      await loadForecast(connectionsToRead(await clients(), query.client)),
      query.table,
    );
    const name = `forecast-${query.table}`;
    return tableFile(rows, query.format, name);
  },
);
