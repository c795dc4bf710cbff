import { budgetListSchema, budgetSchema } from '@/lib/analytics/budget.schema';
import { budgetChoiceErrors } from '@/lib/analytics/budget-choices';
import { listBudgets, upsertBudget } from '@/lib/server/analytics/budget';
import { budgetChoices } from '@/lib/server/analytics/budget-choices';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** Renewal budgets of the user's clients (or the one named): everyone who reads analytics sees them. */
export const GET = defineRoute(
  { access: 'analytics:read', query: budgetListSchema },
  async ({ query, clients }) => ({ budgets: await listBudgets(await clients(), query.client) }),
);

/**
 * Creates or replaces the budget of a year, currency, office and family (managers; audited). The
 * office and currency must be ones the dashboard knows (lib/analytics/budget-choices.ts): anything
 * else is a 400 naming the field, and nothing is saved. A budget is one client's: the `client` field
 * names it (checked in the user's scope), and only a user with one client may leave it out.
 */
const save = defineRoute(
  { access: 'budgets:write', audit: 'budgets.save', body: budgetSchema },
  async ({ viewer, body, requestId, clients }) => {
    const connection = clientToWrite(await clients(), body.client);
    const errors = budgetChoiceErrors(body, await budgetChoices([connection]));
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
    return upsertBudget(viewer, connection, body, requestId);
  },
);

export const PUT = save;
export const POST = save;
