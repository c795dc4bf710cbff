import { z } from 'zod';
import { FORECAST_TABLES } from './data';

/** The forecast export's query (route handler only: zod stays out of browser code). */
export const forecastExportSchema = z.object({
  table: z.enum(FORECAST_TABLES),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
