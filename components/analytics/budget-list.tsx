import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { buttonVariants } from '@/components/ui/button';
import type { BudgetRecord } from '@/lib/analytics/budget';
import { BUDGET_PAGE, budgetScopeQuery } from '@/lib/analytics/budget-url';
import { formatMoney } from '@/lib/annuity/money';
import { formatTimestamp } from '@/lib/format/dates';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { BudgetDeleteButton } from './budget-delete-button';

/** The renewal budgets on record: each opens its comparison; managers edit or delete. */
function budgetLabel(budget: BudgetRecord) {
  return `${budget.year} ${budget.currency}, ${budget.office || 'all offices'}, ${budget.family || 'all families'}`;
}

export function BudgetList({
  budgets,
  canWrite,
  locale,
}: {
  budgets: readonly BudgetRecord[];
  canWrite: boolean;
  locale: string;
}) {
  if (budgets.length === 0) return <p className="text-sm">No budget has been entered yet.</p>;
  return (
    <DataTable
      data-testid="budget-list"
      caption="Renewal budgets per year and currency"
      columns={budgetColumns(
        canWrite,
        locale,
        budgets.some((budget) => budget.client !== undefined),
      )}
      rows={budgets}
      rowKey={(budget) => budget.id}
    />
  );
}

/** Each budget on record; the actions open its comparison and, for managers, edit or delete it. */
function budgetColumns(canWrite: boolean, locale: string, labelled: boolean): TableColumn<BudgetRecord>[] {
  return [
    // The client, when the user works for several (each client has its own budgets).
    ...(labelled
      ? [{ id: 'client', header: 'Client', cell: (budget: BudgetRecord) => budget.client?.name ?? '' }]
      : []),
    { id: 'year', header: 'Year', rowHeader: true, cell: (budget) => budget.year },
    { id: 'currency', header: 'Currency', cell: (budget) => budget.currency },
    { id: 'office', header: 'Office', cell: (budget) => budget.office || 'All' },
    { id: 'family', header: 'Family', cell: (budget) => budget.family || 'All' },
    amountColumn('amount', 'Amount', (budget) => formatMoney(budget.amount, budget.currency, locale)),
    { id: 'phasing', header: 'Phasing', cell: (budget) => (budget.months ? 'By month' : 'Even') },
    { id: 'note', header: 'Note', cell: (budget) => budget.note ?? '' },
    {
      id: 'changed',
      header: 'Last changed',
      className: 'text-xs',
      cell: (budget) => (
        <>
          {formatTimestamp(budget.updatedAt, locale)}
          {budget.updatedByEmail ? <span className="block">{budget.updatedByEmail}</span> : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (budget) => (
        <div className="flex flex-wrap gap-2">
          <Link
            href={`${BUDGET_PAGE}?${budgetScopeQuery({ ...budget, client: budget.client?.id })}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Compare<span className="sr-only"> the budget {budgetLabel(budget)}</span>
          </Link>
          {canWrite ? (
            <>
              <Link
                href={`${BUDGET_PAGE}?${budgetScopeQuery({ ...budget, client: budget.client?.id }, { edit: budget.id })}#budget-form-heading`}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                Edit<span className="sr-only"> the budget {budgetLabel(budget)}</span>
              </Link>
              <BudgetDeleteButton id={budget.id} label={budgetLabel(budget)} />
            </>
          ) : null}
        </div>
      ),
    },
  ];
}
