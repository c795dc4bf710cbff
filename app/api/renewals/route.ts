import { renewalsQuerySchema } from '@/lib/renewals/query';
import { windowFromParams } from '@/lib/renewals/window';
import { problemResponse } from '@/lib/server/problem';
import { loadRenewalWindow } from '@/lib/server/renewals';
import { defineRoute } from '@/lib/server/route';

/** The renewals due in a window, joined to the portfolio, for the month view's client queries. */
export const GET = defineRoute(
  { access: 'renewals:read', query: renewalsQuerySchema },
  async ({ query, requestId }) => {
    const window = windowFromParams(query);
    if (!window) {
      return problemResponse({
        status: 400,
        code: 'invalid_input',
        title: 'Invalid request',
        detail: 'Name a month, or both from and to.',
        requestId,
        errors: [{ field: 'month', message: 'a month or a from/to window is required' }],
      });
    }
    return loadRenewalWindow(window, query, requestId);
  },
);
