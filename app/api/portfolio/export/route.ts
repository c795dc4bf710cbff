import { calendarToday } from '@/lib/format/dates';
import { PATENT_COLUMN_IDS, patentExportTable } from '@/lib/portfolio/columns';
import { portfolioExportSchema } from '@/lib/portfolio/query';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';
import { portfolioForExport } from '@/lib/server/portfolio/patents';

/**
 * The whole portfolio of the request's clients (or the one providerId looked up, or the one client
 * filtered) as a file, from the snapshots; with several clients, each row names its client.
 */
export const GET = defineRoute(
  { access: 'exports:read', query: portfolioExportSchema },
  async ({ query, requestId, clients }) => {
    const { patents, clients: names } = await portfolioForExport(query, requestId, await clients());
    const table = patentExportTable(
      patents,
      query.columns.length > 0 ? query.columns : PATENT_COLUMN_IDS,
      names,
    );
    const name = `portfolio-${calendarToday()}`;
    return tableFile(table, query.format, name, 'Portfolio');
  },
);
