import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type BudgetComparison, type BudgetRecord, budgetFor, compareBudget } from '../../analytics/budget';
import type { BudgetValues } from '../../analytics/budget.schema';
import { scale } from '../../annuity/money';
import { getDb } from '../../db';
import { forecastRun, renewalBudget } from '../../db/schema';
import { currentYearMonth } from '../../format/dates';
import { auditSuccess } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { clientLabel, connectionsToRead } from '../clients/client-filter';
import { deleteClientRow } from '../clients/owned-rows';
import type { ClientScope } from '../clients/scope';
import { loadMonthlyForecast } from '../forecast/monthly';
import { loadSpendAnalytics } from './spend';

/**
 * Renewal budgets: managers set one per year and currency, for all offices and
 * families or for one office or family ('' means all: table `renewal_budget`). Every change is
 * audited with the values before and after.
 */
type Row = typeof renewalBudget.$inferSelect;

function toRecord(row: Row): BudgetRecord {
  return {
    id: row.id,
    year: row.year,
    currency: row.currency,
    office: row.office,
    family: row.family,
    amount: row.amount,
    // jsonb is parsed on read: only a list of 12 strings is a phasing.
    months:
      Array.isArray(row.months) && row.months.length === 12 && row.months.every((m) => typeof m === 'string')
        ? row.months
        : null,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** The budgets of the scope's clients (or the one named), labelled with their client when several. */
export async function listBudgets(scope: ClientScope, client?: string): Promise<BudgetRecord[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(renewalBudget)
    .where(inArray(renewalBudget.connection, connectionsToRead(scope, client)))
    .orderBy(
      asc(renewalBudget.year),
      asc(renewalBudget.currency),
      asc(renewalBudget.office),
      asc(renewalBudget.family),
    );
  return rows.map((row) => {
    const label = clientLabel(scope, row.connection);
    return label ? { ...toRecord(row), client: label } : toRecord(row);
  });
}

/** One client's budgets (a comparison's, the report's). */
export async function clientBudgets(connection: string): Promise<BudgetRecord[]> {
  const db = await getDb();
  const rows = await db.select().from(renewalBudget).where(eq(renewalBudget.connection, connection));
  return rows.map(toRecord);
}

const auditView = (budget: BudgetRecord | null) =>
  budget && {
    year: budget.year,
    currency: budget.currency,
    office: budget.office,
    family: budget.family,
    amount: budget.amount,
    months: budget.months,
    note: budget.note,
  };

/** Creates or replaces the budget of one client and scope (year, currency, office, family). */
export async function upsertBudget(
  actor: Viewer,
  connection: string,
  input: BudgetValues,
  requestId: string,
) {
  const db = await getDb();
  const scope = and(
    eq(renewalBudget.connection, connection),
    eq(renewalBudget.year, input.year),
    eq(renewalBudget.currency, input.currency),
    eq(renewalBudget.office, input.office),
    eq(renewalBudget.family, input.family),
  );
  const [before] = await db.select().from(renewalBudget).where(scope);
  const values = {
    // Stored scaled to the currency (JPY "1200", EUR "1200.00") so every reader shows the same text.
    amount: scale(input.amount, input.currency),
    months: input.months ? input.months.map((month) => scale(month, input.currency)) : null,
    note: input.note === '' ? null : input.note,
    updatedAt: new Date(),
    updatedByEmail: actor.email,
  };
  const [saved] = await db
    .insert(renewalBudget)
    .values({
      connection,
      year: input.year,
      currency: input.currency,
      office: input.office,
      family: input.family,
      ...values,
    })
    .onConflictDoUpdate({
      target: [
        renewalBudget.connection,
        renewalBudget.year,
        renewalBudget.currency,
        renewalBudget.office,
        renewalBudget.family,
      ],
      set: values,
    })
    .returning();
  if (!saved) throw new Error('the budget was not saved');
  const budget = toRecord(saved);
  await auditSuccess(
    actor,
    'budgets.save',
    budget.id,
    requestId,
    { before: auditView(before ? toRecord(before) : null), after: auditView(budget) },
    connection,
  );
  return { budget, created: !before };
}

/** Deletes one budget of the scope's clients; false when there was none with that id there. */
export async function deleteBudget(
  actor: Viewer,
  connections: readonly string[],
  id: string,
  requestId: string,
): Promise<boolean> {
  const deleted = await deleteClientRow(renewalBudget, id, connections);
  if (!deleted) return false;
  await auditSuccess(
    actor,
    'budgets.delete',
    id,
    requestId,
    { before: auditView(toRecord(deleted)) },
    deleted.connection,
  );
  return true;
}

export interface BudgetScope {
  year: number;
  currency: string;
  office: string;
  family: string;
}

export interface BudgetComparisonData {
  scope: BudgetScope;
  budget: BudgetRecord | null;
  comparison: BudgetComparison;
  /** Events of the year in the forecast without an estimate (not summed). */
  withoutEstimate: number;
  computedAt: string;
}

/** The months the client's last completed forecast refresh read; null when none has completed yet. */
async function lastForecastMonths(connection: string): Promise<{ from: string; to: string } | null> {
  const db = await getDb();
  const [last] = await db
    .select({ from: forecastRun.windowFrom, to: forecastRun.windowTo })
    .from(forecastRun)
    .where(and(eq(forecastRun.connection, connection), eq(forecastRun.status, 'done')))
    .orderBy(desc(forecastRun.startedAt))
    .limit(1);
  return last ? { from: last.from.slice(0, 7), to: last.to.slice(0, 7) } : null;
}

/**
 * Budget against the forecast (`forecast_event` through lib/server/forecast/monthly.ts) and the
 * invoiced amounts (spend analytics, by invoice issue month; no upstream read of its own). Invoices
 * are known by office only across all months, and not by family, so an office or family budget is
 * compared with its forecast alone. A budget is one client's: it is compared with that client's
 * forecast and invoices only.
 */
export async function loadBudgetComparison(
  scope: BudgetScope,
  connection: string,
  clients: ClientScope,
  requestId: string,
  now = new Date(),
): Promise<BudgetComparisonData> {
  const scoped = scope.office !== '' || scope.family !== '';
  const [budgets, monthly, spend, forecastMonths] = await Promise.all([
    clientBudgets(connection),
    loadMonthlyForecast({
      connections: [connection],
      from: `${scope.year}-01`,
      to: `${scope.year}-12`,
      office: scope.office,
      family: scope.family,
      currency: scope.currency,
      // Where invoiced amounts are the actuals, an invoiced renewal is counted there only.
      notInvoiced: !scoped,
    }),
    scoped ? Promise.resolve(null) : loadSpendAnalytics(requestId, clients, connection),
    lastForecastMonths(connection),
  ]);
  const budget = budgetFor(budgets, scope);
  const comparison = compareBudget({
    year: scope.year,
    currency: scope.currency,
    currentMonth: currentYearMonth(now),
    budget,
    forecast: monthly.forecast,
    droppedOrSkipped: monthly.droppedOrSkipped,
    actual: spend ? spend.byMonth : null,
    variance: spend ? spend.variance : null,
    forecastMonths,
  });
  return {
    scope,
    budget,
    comparison,
    withoutEstimate: monthly.withoutEstimate.reduce((sum, month) => sum + month.events, 0),
    computedAt: now.toISOString(),
  };
}
