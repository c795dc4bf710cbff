import { expect, type Page, test } from '@playwright/test';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { findEvent, nameOf, offers, someFamily } from './service';
import { signInAs } from './session';

/**
 * Every page of the dashboard through axe (WCAG 2.1 A/AA), as the roles that reach them see them,
 * and the decision flow done with the keyboard alone.
 */
async function visit(page: Page, path: string, heading?: RegExp) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState('networkidle');
  if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expectNoAxeViolations(page);
}

// The pages a manager reaches, in two journeys of about ten pages each (each page loaded to network
// idle and scanned whole): the first pages of a freshly started dashboard are its slowest.
test('every renewals, portfolio and tracking page a manager reaches has no axe violations', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const month = currentYearMonth();
  // Straight to the first page checked: Today, the start page, has its own axe check (today.spec.ts).
  await signInAs(page, 'manager', `/renewals?month=${month}`);
  await visit(page, `/renewals?month=${month}`, /Renewals/);
  await visit(page, `/renewals?month=${month}&group=office`, /Renewals/);
  await visit(page, '/renewals/review', /Review and send/);
  await visit(page, '/renewals/batches', /Sent batches/);
  await visit(page, '/approvals', /Approvals/);
  await visit(page, '/portfolio', /Portfolio/);
  await page.locator('tbody tr td[data-column="clientCaseReference"] a').first().click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  await visit(page, '/portfolio/data-quality', /Data quality/);
  await visit(page, `/portfolio/families/${encodeURIComponent(await someFamily())}`, /^Family /);
  await visit(page, `/tracking?month=${month}`, /Tracking/);
});

test('every invoice, analytics and rate-freeze page a manager reaches has no axe violations', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const month = currentYearMonth();
  await signInAs(page, 'manager', '/invoices');
  await visit(page, '/invoices', /Invoices/);
  await page.locator('tbody tr a').first().click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  await visit(page, '/analytics', /Analytics/);
  await visit(page, '/analytics/forecast', /Forecast/);
  await visit(page, '/analytics/budget', /Budget/);
  await visit(page, '/analytics/scenarios?from=10', /Scenarios/);
  await visit(page, '/rate-freezes', /Rate freezes/);
  await visit(page, `/rate-freezes/${addMonths(month, 2)}`);
  await visit(page, '/no-such-page');
});

test('the admin pages, the 403 page and sign-in have no axe violations', async ({ page }) => {
  await visit(page, '/sign-in');
  await signInAs(page, 'admin');
  await visit(page, '/admin');
  await visit(page, '/admin/connection');
  await visit(page, '/admin/audit');
  await visit(page, '/admin/approvals');
  const forbidden = await page.goto('/renewals');
  expect(forbidden?.status()).toBe(403);
  await expectNoAxeViolations(page);
});

test('the decision flow works with the keyboard alone', async ({ page }) => {
  await signInAs(page, 'paralegal');
  // The earliest renewal that takes a skip, from the first month one can be open (12 months back,
  // lib/renewals/window.ts OPEN_LOOKBACK_MONTHS).
  const event = await findEvent(addMonths(currentYearMonth(), -12), (candidate) =>
    offers(candidate, 'SKIP_THIS_TIME'),
  );
  const name = await nameOf(event);
  await page.goto(`/renewals?month=${event.dueDate.slice(0, 7)}&badge=allowed`);
  await page.waitForLoadState('networkidle');

  /** Presses Tab until the element is focused, as a keyboard user would reach it. */
  const tabTo = async (target: ReturnType<Page['locator']>, limit = 400) => {
    for (let presses = 0; presses < limit; presses++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('never reached by Tab');
  };

  const select = page.getByRole('combobox', { name: `Decision for ${name}, due ${event.dueDate}` });
  await tabTo(select);
  // A closed native select changes its value with the arrow keys; stop on "Skip this time".
  for (let step = 0; step < 4 && (await select.inputValue()) !== 'SKIP_THIS_TIME'; step++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(select).toHaveValue('SKIP_THIS_TIME');
  await expect(page.getByRole('region', { name: 'Your decisions' })).toContainText('Saved.');

  await tabTo(page.getByRole('link', { name: /^Review and send/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/renewals\/review(\?from=[^#]*)?$/);
  await page.waitForLoadState('networkidle');
  const send = page.getByRole('button', { name: /^Send \d+ decision/ });
  await tabTo(send);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
  await expect(page.locator(`tr[data-event-id="${event.id}"]`)).toContainText('Executed');
});
