import { z } from 'zod';
import { can } from '@/lib/policy/roles';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { refreshNow } from '@/lib/server/sync/refresh-now';

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' });

/**
 * "Refresh now" on a page: the months it shows are read again from the service into the copy,
 * within the user's daily cap (429 refresh_cap_reached past it). The page then reads the copy.
 */
export const POST = defineRoute(
  {
    access: 'portfolio:read',
    body: z
      .object({
        months: z.array(yearMonth).max(24).default([]),
        patentId: z.uuid({ error: 'expected a patent id' }).optional(),
        freezeMonth: yearMonth.optional(),
      })
      .refine((body) => body.months.length > 0 || body.patentId || body.freezeMonth, {
        error: 'name the months or the patent to refresh',
        path: ['months'],
      }),
  },
  async ({ viewer, body, requestId }) => {
    // A freeze preview is the managers' (rate-freezes:read), like the page it refreshes.
    if (body.freezeMonth && !can(viewer.role, 'rate-freezes:read'))
      return problemResponse({
        status: 403,
        code: 'forbidden_for_role',
        title: 'Not allowed',
        detail: 'Only managers read exchange-rate freezes.',
        requestId,
      });
    return refreshNow(viewer.userId, body, requestId);
  },
);
