import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { BudgetChoices } from '../../analytics/budget-choices';
import { getDb } from '../../db';
import { forecastEvent, invoiceCatalog, renewalBudget } from '../../db/schema';
import { snapshotFacets } from '../portfolio/snapshot';

/**
 * The offices and currencies a budget may name, from what the dashboard holds (no upstream call):
 * the portfolio copy's offices, the currencies of the forecast's estimates and of the invoices, and
 * whatever budgets already saved name (so an existing budget can still be changed); before any
 * estimate or invoice was read, the ISO 4217 currencies. Of the given clients' data only (the
 * offices from their portfolio copies).
 */
export async function budgetChoices(connections: readonly string[]): Promise<BudgetChoices> {
  const db = await getDb();
  const clients = [...connections];
  const [facets, forecastCurrencies, invoiceCurrencies, budgets] = await Promise.all([
    snapshotFacets(clients),
    db
      .selectDistinct({ currency: forecastEvent.currency })
      .from(forecastEvent)
      .where(inArray(forecastEvent.connection, clients)),
    db
      .select({
        currency: sql<string>`distinct jsonb_array_elements(${invoiceCatalog.invoices})->>'currency'`,
      })
      .from(invoiceCatalog)
      .where(inArray(invoiceCatalog.connection, clients)),
    db
      .selectDistinct({ office: renewalBudget.office, currency: renewalBudget.currency })
      .from(renewalBudget)
      .where(inArray(renewalBudget.connection, clients)),
  ]);
  const offices = new Set<string>(facets.offices.map((office) => office.toUpperCase()));
  const currencies = new Set<string>();
  for (const row of [...forecastCurrencies, ...invoiceCurrencies])
    if (typeof row.currency === 'string' && /^[A-Z]{3}$/.test(row.currency)) currencies.add(row.currency);
  for (const budget of budgets) {
    if (budget.office !== '') offices.add(budget.office);
    currencies.add(budget.currency);
  }
  // Before any estimate or invoice is read, the currencies ISO 4217 defines are the known ones.
  if (currencies.size === 0)
    for (const currency of Intl.supportedValuesOf('currency')) currencies.add(currency);
  return { offices: [...offices].sort(), currencies: [...currencies].sort() };
}
