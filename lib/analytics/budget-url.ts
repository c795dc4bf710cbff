import { CLIENT_FILTER } from '@/lib/clients/client-filter';

/**
 * The budget page's URL state: which year, currency, office and family the comparison
 * shows, and which budget the form edits. One definition for the page, its links and the exports;
 * browser-safe and without zod (the route handlers parse with lib/analytics/budget.schema.ts).
 */
export interface BudgetPageState {
  year: number;
  currency: string;
  /** '' for all offices. */
  office: string;
  /** '' for all families. */
  family: string;
  /** The id of the budget being edited, if any. */
  edit: string | null;
  /** The client whose budgets are compared and edited (a user with several chooses one). */
  client: string | null;
}

type Raw = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** Managers plan the year ahead: without a year in the URL the page shows next year. */
export function parseBudgetPageState(raw: Raw, now = new Date()): BudgetPageState {
  const yearText = first(raw.year).trim();
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : now.getUTCFullYear() + 1;
  const currency = first(raw.currency).trim().toUpperCase();
  const office = first(raw.office).trim().toUpperCase();
  const edit = first(raw.edit).trim();
  const client = first(raw.client).trim();
  return {
    client: CLIENT_FILTER.test(client) ? client : null,
    year: year >= 2000 && year <= 2100 ? year : now.getUTCFullYear() + 1,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : 'EUR',
    office: /^[A-Z]{2}$/.test(office) ? office : '',
    family: first(raw.family).trim().slice(0, 100),
    edit: edit === '' ? null : edit,
  };
}

export function budgetScopeQuery(
  state: Omit<BudgetPageState, 'edit' | 'client'> & { client?: string | null },
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams({ year: String(state.year), currency: state.currency });
  if (state.office) params.set('office', state.office);
  if (state.family) params.set('family', state.family);
  if (state.client) params.set('client', state.client);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export const BUDGET_PAGE = '/analytics/budget';
