import { z } from 'zod';
import { ANALYTICS_TABLES } from './data';

/** The analytics export's query (route handler only: zod stays out of browser code). */
export const analyticsExportSchema = z.object({
  table: z.enum(ANALYTICS_TABLES),
  // CSV first (issue 19: tables and exports before charts); XLSX can join through export-file.ts.
  format: z.enum(['csv']).default('csv'),
});
