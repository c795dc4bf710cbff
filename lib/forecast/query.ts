import { z } from 'zod';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { FORECAST_TABLES } from './data';

/** The forecast export's query (route handler only: zod stays out of browser code). */
export const forecastExportSchema = z.object({
  table: z.enum(FORECAST_TABLES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
  client: clientFilterSchema,
});

/** /api/analytics/forecast: every client of the user's, or the one the client filter names. */
export const forecastQuerySchema = z.object({ client: clientFilterSchema });
