import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { defineRoute } from '@/lib/server/http/route';

/** Spend by month, office and fee component, surcharges and FX variance, per currency. */
export const GET = defineRoute({ access: 'analytics:read' }, async ({ requestId }) =>
  loadSpendAnalytics(requestId),
);
