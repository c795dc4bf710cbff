import { z } from 'zod';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { dueMonthSchema } from '@/lib/http/query';
import { ANALYTICS_TABLES } from './data';

/** The analytics export's query (route handler only: zod stays out of browser code). */
export const analyticsExportSchema = z.object({
  table: z.enum(ANALYTICS_TABLES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  client: clientFilterSchema,
});

/** /api/analytics: every client of the user's, or the one the client filter names. */
export const analyticsQuerySchema = z.object({ client: clientFilterSchema });

/** The monthly report's query: a YYYY-MM month, or none for the last complete month. */
export const analyticsReportSchema = z.object({
  month: dueMonthSchema.optional(),
});
