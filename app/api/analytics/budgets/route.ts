import { budgetSchema } from '@/lib/analytics/budget.schema';
import { listBudgets, upsertBudget } from '@/lib/server/analytics/budget';
import { defineRoute } from '@/lib/server/http/route';

/** Renewal budgets (issue 19): everyone who reads analytics sees them. */
export const GET = defineRoute({ access: 'analytics:read' }, async () => ({ budgets: await listBudgets() }));

/** Creates or replaces the budget of a year, currency, office and family (managers; audited). */
const save = defineRoute(
  { access: 'budgets:write', audit: 'budgets.save', body: budgetSchema },
  async ({ viewer, body, requestId }) => upsertBudget(viewer, body, requestId),
);

export const PUT = save;
export const POST = save;
