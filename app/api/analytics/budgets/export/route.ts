import { budgetExportSchema } from '@/lib/analytics/budget.schema';
import { budgetExportRows } from '@/lib/analytics/budget-export';
import { loadBudgetComparison } from '@/lib/server/analytics/budget';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { tableFile } from '@/lib/server/files/export-file';
import { defineRoute } from '@/lib/server/http/route';

/** The budget comparison as a CSV or XLSX file: the rows and totals the page shows, and the variance explained. */
export const GET = defineRoute(
  { access: ['analytics:read', 'exports:read'], query: budgetExportSchema },
  async ({ query, requestId, clients }) => {
    const { format, client, ...scope } = query;
    const clientScope = await clients();
    const data = await loadBudgetComparison(
      scope,
      clientToWrite(clientScope, client),
      clientScope,
      requestId,
    );
    const rows = budgetExportRows(data.comparison, data.scope);
    const scopeName = [scope.office, scope.family].filter(Boolean).join('-');
    const basename = `budget-${scope.year}-${scope.currency}${scopeName ? `-${scopeName}` : ''}`;
    return tableFile(rows, format, basename, `Budget ${scope.year} ${scope.currency}`);
  },
);
