import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { BudgetRecord } from '@/lib/analytics/budget';
import { BUDGET_PAGE, budgetScopeQuery } from '@/lib/analytics/budget-url';
import { formatMoney } from '@/lib/annuity/money';
import { formatTimestamp } from '@/lib/format/dates';
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
    <Table data-testid="budget-list">
      <TableCaption>Renewal budgets per year and currency</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Year</TableHead>
          <TableHead scope="col">Currency</TableHead>
          <TableHead scope="col">Office</TableHead>
          <TableHead scope="col">Family</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col">Phasing</TableHead>
          <TableHead scope="col">Note</TableHead>
          <TableHead scope="col">Last changed</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {budgets.map((budget) => (
          <TableRow key={budget.id}>
            <TableHead scope="row" className="text-foreground">
              {budget.year}
            </TableHead>
            <TableCell>{budget.currency}</TableCell>
            <TableCell>{budget.office || 'All'}</TableCell>
            <TableCell>{budget.family || 'All'}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {formatMoney(budget.amount, budget.currency, locale)}
            </TableCell>
            <TableCell>{budget.months ? 'By month' : 'Even'}</TableCell>
            <TableCell>{budget.note ?? ''}</TableCell>
            <TableCell className="text-xs">
              {formatTimestamp(budget.updatedAt, locale)}
              {budget.updatedByEmail ? <span className="block">{budget.updatedByEmail}</span> : null}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-2">
                <Link
                  href={`${BUDGET_PAGE}?${budgetScopeQuery(budget)}`}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  Compare<span className="sr-only"> the budget {budgetLabel(budget)}</span>
                </Link>
                {canWrite ? (
                  <>
                    <Link
                      href={`${BUDGET_PAGE}?${budgetScopeQuery(budget, { edit: budget.id })}#budget-form-heading`}
                      className={buttonVariants({ variant: 'outline', size: 'sm' })}
                    >
                      Edit<span className="sr-only"> the budget {budgetLabel(budget)}</span>
                    </Link>
                    <BudgetDeleteButton id={budget.id} label={budgetLabel(budget)} />
                  </>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
