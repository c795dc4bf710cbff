import { budgetSchema } from '@/lib/analytics/budget.schema';
import { budgetChoiceErrors } from '@/lib/analytics/budget-choices';
import { listBudgets, upsertBudget } from '@/lib/server/analytics/budget';
import { budgetChoices } from '@/lib/server/analytics/budget-choices';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Renewal budgets: everyone who reads analytics sees them. */
export const GET = defineRoute({ access: 'analytics:read' }, async () => ({ budgets: await listBudgets() }));

/**
 * Creates or replaces the budget of a year, currency, office and family (managers; audited). The
 * office and currency must be ones the dashboard knows (lib/analytics/budget-choices.ts): anything
 * else is a 400 naming the field, and nothing is saved.
 */
const save = defineRoute(
  { access: 'budgets:write', audit: 'budgets.save', body: budgetSchema },
  async ({ viewer, body, requestId }) => {
    const errors = budgetChoiceErrors(body, await budgetChoices());
    if (errors.length > 0) {
      return problemResponse({
        title: 'Invalid request',
        status: 400,
        detail: `Check these fields: ${errors.map((error) => error.field).join(', ')}.`,
        code: 'invalid_input',
        requestId,
        errors,
      });
    }
    return upsertBudget(viewer, body, requestId);
  },
);

export const PUT = save;
export const POST = save;
