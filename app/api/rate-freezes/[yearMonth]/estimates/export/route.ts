import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { freezeEstimateExportRows } from '@/lib/rate-freezes/export-columns';
import { freezeClientSchema } from '@/lib/rate-freezes/query';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';

const params = z.object({ yearMonth: dueMonthSchema });
const query = freezeClientSchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** The freeze decision's figures as a file: the same read as the page (ceil(renewals / 100) calls). */
export const GET = defineRoute(
  { access: 'rate-freezes:read', params, query },
  async ({ params, query, requestId, clients }) => {
    const connection = clientToWrite(await clients(), query.client);
    const rows = freezeEstimateExportRows(await loadFreezeEstimates(params.yearMonth, requestId, connection));
    const name = `freeze-estimates-${params.yearMonth}`;
    return tableFile(rows, query.format, name);
  },
);
