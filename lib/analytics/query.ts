import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { ANALYTICS_TABLES } from './data';

/** The analytics export's query (route handler only: zod stays out of browser code). */
export const analyticsExportSchema = z.object({
  table: z.enum(ANALYTICS_TABLES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** The monthly report's query: a YYYY-MM month, or none for the last complete month. */
export const analyticsReportSchema = z.object({
  month: dueMonthSchema.optional(),
});
