import { budgetIdSchema } from '@/lib/analytics/budget.schema';
import { deleteBudget } from '@/lib/server/analytics/budget';
import { notFoundResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Deletes one renewal budget of the user's clients (managers; audited); another client's is not found. */
export const DELETE = defineRoute(
  { access: 'budgets:write', audit: 'budgets.delete', params: budgetIdSchema },
  async ({ viewer, params, requestId, clients }) => {
    if (await deleteBudget(viewer, (await clients()).connections, params.id, requestId))
      return { deleted: params.id };
    return notFoundResponse(
      'This budget does not exist (any more): it may have been deleted elsewhere.',
      requestId,
    );
  },
);
