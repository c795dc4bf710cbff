import { expect, test } from '@playwright/test';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { operator } from './service';
import { signInAs } from './session';

/**
 * When the service is down or slow, every page still shows the shell and says what is wrong in
 * words a paralegal can act on (issue 10: resilience); nothing is blank, nothing crashes.
 */
test.afterEach(async () => {
  await operator.clearFaults();
});

test('with the service down, each page says it cannot be reached and the navigation keeps working', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await operator.setFaults({ dropRate: 1 });
  const unreachable = page.getByRole('alert').filter({ hasText: 'The renewal service cannot be reached' });
  // Months and pages no earlier journey read, so nothing is served from a cache.
  for (const path of [
    `/renewals?month=${addMonths(currentYearMonth(), 7)}`,
    '/portfolio?page=17',
    `/tracking?month=${addMonths(currentYearMonth(), 8)}`,
    `/rate-freezes/${addMonths(currentYearMonth(), 9)}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await expect(unreachable, path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);

  // Back up: the same page shows its data again.
  await operator.clearFaults();
  await page.goto('/portfolio?page=17');
  await expect(page.locator('tbody tr').first()).toBeVisible();
});

test('with half a second of latency on every call, the month view still loads its renewals', async ({
  page,
}) => {
  await signInAs(page, 'paralegal');
  await operator.setFaults({ latencyMs: 500 });
  await page.goto(`/renewals?month=${addMonths(currentYearMonth(), 1)}`);
  await expect(page.locator('tbody tr[data-event-id]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Showing');
});
