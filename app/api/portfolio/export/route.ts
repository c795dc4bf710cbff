import { PATENT_COLUMN_IDS, patentExportTable } from '@/lib/portfolio/columns';
import { portfolioExportSchema } from '@/lib/portfolio/query';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';
import { portfolioForExport } from '@/lib/server/portfolio/patents';

/** The whole portfolio (or the one providerId looked up) as a file, from the snapshot. */
export const GET = defineRoute(
  { access: 'exports:read', query: portfolioExportSchema },
  async ({ query, requestId }) => {
    const { patents } = await portfolioForExport(query, requestId);
    const table = patentExportTable(patents, query.columns.length > 0 ? query.columns : PATENT_COLUMN_IDS);
    const name = `portfolio-${new Date().toISOString().slice(0, 10)}`;
    return tableFile(table, query.format, name, 'Portfolio');
  },
);
