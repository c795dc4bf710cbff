import { expect, test } from '@playwright/test';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { operator } from './service';
import { signInAs } from './session';

/**
 * When the service is down or slow, every page still shows the shell: what our synced copy holds,
 * with its age, and in words a paralegal can act on what it lacks; nothing is blank, nothing crashes.
 */
test.afterEach(async () => {
  await operator.clearFaults();
});

test('with the service down, pages show what the copy holds with its age, say plainly what it lacks, and the navigation keeps working', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await operator.setFaults({ dropRate: 1 });
  const unreachable = page.getByRole('alert').filter({ hasText: 'The renewal service cannot be reached' });
  // Months beyond the copy's horizon, which no sync or earlier journey read: nothing to show.
  for (const path of [
    `/renewals?month=${addMonths(currentYearMonth(), 37)}`,
    `/tracking?month=${addMonths(currentYearMonth(), 38)}`,
    `/rate-freezes/${addMonths(currentYearMonth(), 39)}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await expect(unreachable, path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  // What the copy holds is shown, saying since when the service has not answered.
  await page.goto(`/renewals?month=${addMonths(currentYearMonth(), 1)}`);
  await expect(page.locator('tbody tr[data-event-id]').first()).toBeVisible();
  const silent = page.getByText(/The renewal service has not answered since/);
  await expect(silent).toBeVisible();
  // At the top of the page, above what it dates: the month's summary and its table.
  const summary = page.getByRole('region', { name: 'Summary' });
  expect((await silent.boundingBox())?.y).toBeLessThan((await summary.boundingBox())?.y ?? 0);
  await page.goto('/portfolio?page=17');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(silent).toBeVisible();
  expect((await silent.boundingBox())?.y).toBeLessThan(
    (await page.locator('tbody tr').first().boundingBox())?.y ?? 0,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);

  // Back up: within seconds, without anyone doing anything, the never-read month is read and shown.
  await operator.clearFaults();
  await expect(async () => {
    await page.goto(`/renewals?month=${addMonths(currentYearMonth(), 37)}`);
    await expect(unreachable).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 45_000, intervals: [2_000] });
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible({ timeout: 30_000 });
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
