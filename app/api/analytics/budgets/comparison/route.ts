import { budgetComparisonSchema } from '@/lib/analytics/budget.schema';
import { loadBudgetComparison } from '@/lib/server/analytics/budget';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { defineRoute } from '@/lib/server/http/route';

/** Budget against forecast against actual by month, for one year and currency, with the variance explained. */
export const GET = defineRoute(
  { access: 'analytics:read', query: budgetComparisonSchema },
  async ({ query, requestId, clients }) => {
    const scope = await clients();
    return loadBudgetComparison(query, clientToWrite(scope, query.client), scope, requestId);
  },
);
