import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { refreshNow } from '@/lib/server/sync/refresh-now';

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' });

/**
 * "Refresh now" on a page: the months it shows are read again from the service into the copy,
 * within the user's daily cap (429 refresh_cap_reached past it). The page then reads the copy.
 */
export const POST = defineRoute(
  {
    access: 'renewals:read',
    body: z.object({ months: z.array(yearMonth).min(1).max(24) }),
  },
  async ({ viewer, body, requestId }) => refreshNow(viewer.userId, body.months, requestId),
);
