import { z } from 'zod';
import { can } from '@/lib/policy/roles';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { refreshNow } from '@/lib/server/sync/refresh-now';

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'expected a month as YYYY-MM' });

/**
 * "Refresh now" on a page: what it shows is read again from the service into the copy, for the
 * request's clients only (the header's chosen client, or each of the user's; a patent's client for
 * a patent; `client` for a page showing one client a link named), each with its own key (spec:
 * Authentication 1). Within the user's daily cap (429 refresh_cap_reached past it) and each
 * client's daily share for reading (429 read_share_spent, no call made). The page then reads the copy.
 */
export const POST = defineRoute(
  {
    access: 'portfolio:read',
    body: z
      .object({
        months: z.array(yearMonth).max(24).default([]),
        patentId: z.uuid({ error: 'expected a patent id' }).optional(),
        freezeMonth: yearMonth.optional(),
        client: z.string().min(1).max(100).optional(),
      })
      .refine((body) => body.months.length > 0 || body.patentId || body.freezeMonth, {
        error: 'name the months or the patent to refresh',
        path: ['months'],
      }),
  },
  async ({ viewer, body, requestId, clients }) => {
    // A freeze preview is the managers' (rate-freezes:read), like the page it refreshes.
    if (body.freezeMonth && !can(viewer.role, 'rate-freezes:read'))
      return problemResponse({
        status: 403,
        code: 'forbidden_for_role',
        title: 'Not allowed',
        detail: 'Only managers read exchange-rate freezes.',
        requestId,
      });
    return refreshNow(viewer.userId, await clients(), body, requestId);
  },
);
