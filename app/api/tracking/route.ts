import { z } from 'zod';
import { isYearMonth } from '@/lib/format/dates';
import { defineRoute } from '@/lib/server/http/route';
import { loadTrackingMonth } from '@/lib/server/tracking/board';

const querySchema = z.object({
  month: z.string().refine(isYearMonth, 'expected a month as YYYY-MM'),
});

/** The month-close board of a due month, polled by the tracking page. */
export const GET = defineRoute(
  { access: 'tracking:read', query: querySchema },
  async ({ query, requestId }) => loadTrackingMonth(query.month, requestId),
);
