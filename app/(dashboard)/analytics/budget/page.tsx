import type { Metadata } from 'next';
import { BudgetComparisonView, BudgetScopeForm } from '@/components/analytics/budget-comparison';
import { BudgetForm } from '@/components/analytics/budget-form';
import { BudgetList } from '@/components/analytics/budget-list';
import { ClientFilter } from '@/components/clients/client-filter';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { parseBudgetPageState } from '@/lib/analytics/budget-url';
import { can } from '@/lib/policy/roles';
import { listBudgets, loadBudgetComparison } from '@/lib/server/analytics/budget';
import { budgetChoices } from '@/lib/server/analytics/budget-choices';
import { oneClientOf } from '@/lib/server/clients/client-filter';
import { labelsClients } from '@/lib/server/clients/scope';
import { loadForPage } from '@/lib/server/http/request-context';
import { type AnalyticsSearchParams, analyticsPageContext } from '../page-context';

export const metadata: Metadata = { title: 'Budget' };

/** Renewal budgets, and budget against forecast against actual by month. */
export default async function BudgetPage({ searchParams }: { searchParams: AnalyticsSearchParams }) {
  const { viewer, requestId, locale, scope } = await analyticsPageContext(searchParams);
  const state = parseBudgetPageState(await searchParams);
  const canWrite = can(viewer.role, 'budgets:write');
  // A budget is one client's: with several clients and none chosen, the page asks for one.
  const chosen = await loadForPage(requestId, async () => oneClientOf(scope, state.client));
  const client = chosen.ok ? chosen.data : null;
  const [budgets, loaded, choices] = await Promise.all([
    listBudgets(scope),
    client ? loadForPage(requestId, () => loadBudgetComparison(state, client, scope, requestId)) : null,
    canWrite && client ? budgetChoices([client]) : null,
  ]);
  const editing = state.edit ? (budgets.find((budget) => budget.id === state.edit) ?? null) : null;
  return (
    <>
      <PageHeader
        title="Budget"
        description="Renewal budgets per year and currency against the forecast and what was invoiced, by month, with the variance explained. Per currency, never converted."
      />
      <div className="flex flex-col gap-8">
        <PageSection
          id="budget-comparison-heading"
          title={
            <>
              {state.year} in {state.currency}: budget, forecast and actual
            </>
          }
        >
          {labelsClients(scope) ? <ClientFilter clients={scope.clients} /> : null}
          <BudgetScopeForm state={state} />
          {!chosen.ok ? (
            <ProblemPanel problem={chosen.problem} />
          ) : !loaded ? (
            <p className="text-sm">Choose a client to compare its budget with its forecast and invoices.</p>
          ) : loaded.ok ? (
            <BudgetComparisonView
              comparison={loaded.data.comparison}
              state={state}
              withoutEstimate={loaded.data.withoutEstimate}
              locale={locale}
            />
          ) : (
            <ProblemPanel problem={loaded.problem} />
          )}
        </PageSection>
        <PageSection id="budget-list-heading" title="Budgets">
          <BudgetList budgets={budgets} canWrite={canWrite} locale={locale} />
        </PageSection>
        {canWrite && choices ? (
          <PageSection
            id="budget-form-heading"
            title={editing ? 'Change the budget' : 'Add a budget'}
            className="max-w-3xl"
          >
            <p className="text-sm text-muted-foreground">
              One budget per year, currency, office and family: saving the same scope again replaces it.
            </p>
            <BudgetForm
              key={editing?.id ?? 'new'}
              initial={editing}
              client={labelsClients(scope) ? client : null}
              defaults={{ year: state.year, currency: state.currency }}
              choices={choices}
            />
          </PageSection>
        ) : null}
      </div>
    </>
  );
}
