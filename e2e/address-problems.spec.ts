import { expect, test } from '@playwright/test';
import { signInAs } from './session';

/**
 * Addresses a new user may type or keep from an old link: a month decades away, a bad page or
 * sort, an unknown message. Each is answered at once, by name, with the corrected address.
 */
test('a month in 9999 is refused at once, naming the month, with the current renewals one click away', async ({
  page,
}) => {
  await signInAs(page, 'paralegal');
  const started = Date.now();
  await page.goto('/renewals?month=9999-12');
  await expect(page.getByRole('heading', { name: 'This address does not name a valid view' })).toBeVisible();
  await expect(
    page.getByText(/month \(expected a month as YYYY-MM from \d{4}-01 to \d{4}-12\)/),
  ).toBeVisible();
  expect(Date.now() - started).toBeLessThan(10_000);
  await page.getByRole('link', { name: 'Open the page without it' }).click();
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
});

test('a bad page and sort on the invoice list are named, not quietly replaced', async ({ page }) => {
  await signInAs(page, 'finance');
  await page.goto('/invoices?page=abc&sort=cheapest');
  await expect(page.getByRole('heading', { name: 'This address does not name a valid view' })).toBeVisible();
  await expect(page.getByText(/page \(expected a whole number\), sort \(one of /)).toBeVisible();
});

test('an unknown outbox message answers 404', async ({ page }) => {
  await signInAs(page, 'admin');
  const response = await page.goto('/admin/outbox/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
});
