import { expect, test } from '@playwright/test';
import { formatMoney, sumByCurrency } from '../lib/annuity/money';
import { currentYearMonth, formatYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { refreshForecastOnPage } from './forecast';
import { monthEvents } from './service';
import { signInAs } from './session';

/**
 * A manager sees next year's estimated renewal spend by month and currency
 * against a budget, and what last year's surcharges cost. The forecast is the worker's table,
 * filled by the manager's "Refresh now" on the forecast page (the same refresh as the daily job,
 * within the background budget); the journey waits on the refresh's own record, never on a timer,
 * and checks a month's forecast against the service's estimates summed here.
 */
const NEXT_YEAR = Number(currentYearMonth().slice(0, 4)) + 1;
const JANUARY = `${NEXT_YEAR}-01`;
const BUDGET_URL = `/analytics/budget?year=${NEXT_YEAR}&currency=EUR`;
const LOCALE = 'en-US';
const NOT_PAID = new Set(['DROP', 'SKIP_THIS_TIME']);

test('a manager budgets next year in EUR, sees the forecast by month against it, and last year’s surcharges', async ({
  page,
}) => {
  // A forecast refresh reads a year of period lists: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  await signInAs(page, 'manager', BUDGET_URL);
  await expect(page.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible();

  await refreshForecastOnPage(page);

  // The forecast page: estimated spend by due month, one column per currency.
  await page.goto('/analytics/forecast');
  await expect(page.getByRole('heading', { name: 'Forecast', level: 1 })).toBeVisible();
  await expect(page.getByTestId('forecast-by-month')).toBeVisible();

  // What the service estimates for next January in EUR, without renewals dropped or skipped, and
  // without those already invoiced: the budget counts those once, as actuals in their invoice's month.
  const january = await monthEvents(JANUARY);
  const invoiced = (event: (typeof january)[number]) =>
    (event.fees?.feesStatus ?? event.feesStatus) === 'INVOICED';
  const [expected] = sumByCurrency(
    january
      .filter(
        (event) =>
          !NOT_PAID.has(event.appliedDecision ?? '') && !invoiced(event) && event.fees?.currency === 'EUR',
      )
      .map((event) => ({ amount: event.fees?.total ?? null, currency: 'EUR' })),
  );

  // The manager enters next year's budget in EUR, spread evenly over the months.
  await page.goto(BUDGET_URL);
  // The page waits for the invoice list copy (spend analytics) on a cold cache: up to a minute here.
  await expect(page.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible({ timeout: 60_000 });
  const form = page.getByRole('form', { name: 'Budget' });
  await expect(form.getByLabel('Year', { exact: true })).toHaveValue(String(NEXT_YEAR));
  await form.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await form.getByLabel('Amount', { exact: true }).fill('240000');
  await form.getByLabel('Note', { exact: true }).fill('Renewals plan');
  await form.getByRole('button', { name: 'Save budget' }).click();

  const budgets = page.getByTestId('budget-list');
  await expect(budgets.getByRole('row').filter({ hasText: 'Renewals plan' })).toContainText(
    formatMoney('240000.00', 'EUR', LOCALE),
  );
  const comparison = page.getByTestId('budget-comparison');
  const januaryRow = comparison
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: formatYearMonth(JANUARY, LOCALE), exact: true }) });
  await expect(januaryRow).toContainText(formatMoney('20000.00', 'EUR', LOCALE));
  await expect(januaryRow).toContainText('Forecast');
  await expect(januaryRow).toContainText(formatMoney(expected?.total ?? '0.00', 'EUR', LOCALE));
  await expect(comparison.getByRole('row').filter({ hasText: `Total ${NEXT_YEAR}` })).toContainText(
    formatMoney('240000.00', 'EUR', LOCALE),
  );
  await expect(page.getByRole('heading', { name: 'Variance explained' })).toBeVisible();
  await expect(page.getByTestId('budget-variance')).toContainText('Dropped patents');
  await expectNoAxeViolations(page);

  // Other currencies are compared on their own, never added to EUR.
  await page.goto(`/analytics/budget?year=${NEXT_YEAR}&currency=JPY`);
  await expect(page.getByText(`No budget for ${NEXT_YEAR} in JPY`)).toBeVisible();

  // What surcharges cost: the grace surcharges invoiced, per currency and cause.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Grace surcharges' })).toBeVisible();
  await expect(page.getByTestId('surcharge-totals')).toBeVisible();

  // The budget is deleted only through a confirmation that names it.
  await page.goto(BUDGET_URL);
  const planRow = page.getByTestId('budget-list').getByRole('row').filter({ hasText: 'Renewals plan' });
  await planRow.getByRole('button', { name: /^Delete the budget/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this budget?' });
  await confirm.getByRole('button', { name: 'Delete budget' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`No budget for ${NEXT_YEAR} in EUR`)).toBeVisible();
});
