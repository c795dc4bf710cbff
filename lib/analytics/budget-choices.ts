/**
 * The offices and currencies a budget may name: those the dashboard knows, so a budget
 * is always for something that exists ("EU", a cut-short "Europe", is no office). Browser-safe:
 * the form offers these as its choices and the route refuses anything else with a 400 naming the
 * field (lib/server/analytics/budget-choices.ts gathers them).
 */
export interface BudgetChoices {
  /** Office codes of the portfolio (and of budgets already saved), sorted. */
  offices: string[];
  /** Currencies of the service's estimates and invoices (and of budgets already saved), sorted. */
  currencies: string[];
}

export interface ChoiceError {
  field: 'office' | 'currency';
  message: string;
}

/** Why a budget's office or currency is not one the dashboard knows; empty when both are. */
export function budgetChoiceErrors(
  values: { office: string; currency: string },
  choices: BudgetChoices,
): ChoiceError[] {
  const errors: ChoiceError[] = [];
  // An empty office is every office. Without a portfolio copy yet no office is known to compare.
  if (values.office !== '' && choices.offices.length > 0 && !choices.offices.includes(values.office)) {
    errors.push({
      field: 'office',
      message: `no office ${values.office} in the portfolio: choose one of ${choices.offices.join(', ')}, or none for all`,
    });
  }
  if (choices.currencies.length > 0 && !choices.currencies.includes(values.currency)) {
    errors.push({
      field: 'currency',
      message: `no renewal is estimated or invoiced in ${values.currency}: choose one of ${choices.currencies.join(', ')}`,
    });
  }
  return errors;
}
