import { z } from 'zod';
import { ANALYTICS_TABLES } from './data';

/** The analytics export's query (route handler only: zod stays out of browser code). */
export const analyticsExportSchema = z.object({
  table: z.enum(ANALYTICS_TABLES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** The monthly report's query: a YYYY-MM month, or none for the last complete month. */
export const analyticsReportSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM, e.g. 2026-03.')
    .optional(),
});
