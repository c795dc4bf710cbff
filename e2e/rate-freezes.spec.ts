import { expect, type Page, test } from '@playwright/test';
import { addMonths, currentYearMonth, formatYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { signInAs } from './session';

// The demo tenant of the stand-in service may freeze a few months ahead (spec: Limits 5), so next
// month is always within its horizon. The suite starts from an empty data dir, so it is not frozen.
const NEXT_MONTH = addMonths(currentYearMonth(), 1);
const NEXT_MONTH_NAME = formatYearMonth(NEXT_MONTH, 'en-US');

/** A state-changing call from the page's own origin, as the browser would make it (CSRF check). */
async function putFreeze(page: Page, month: string) {
  const origin = new URL(page.url()).origin;
  return page.request.put(`/api/rate-freezes/${month}`, { headers: { origin } });
}

test('a manager previews next month, freezes it, and sees the frozen marks in the month view', async ({
  page,
}) => {
  await signInAs(page, 'manager', '/rate-freezes');
  await expect(page).toHaveURL(/\/rate-freezes$/);
  await expect(page.getByRole('heading', { name: 'Rate freezes', level: 1 })).toBeVisible();
  const monthsAhead = page.getByRole('table');
  await expect(monthsAhead.getByRole('row')).toHaveCount(14);
  await expect(page.getByTestId('horizon-note')).toContainText('does not publish');
  await expectNoAxeViolations(page);

  await monthsAhead.getByRole('link', { name: NEXT_MONTH_NAME, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rate-freezes/${NEXT_MONTH}$`));
  await expect(page.getByRole('heading', { name: `Exchange rates for ${NEXT_MONTH_NAME}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Renewals due in ${NEXT_MONTH_NAME}` })).toBeVisible();
  // The service publishes no freeze horizon (spec: Limits 5): until it has accepted a freeze this
  // far ahead, whether the month can be frozen is not known, and the page does not claim it.
  await expect(page.getByText('Not known yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Can be frozen', { exact: true })).toHaveCount(0);
  // What a freeze would lock, in the invoice currency, beside the office-currency list.
  await expect(
    page.getByRole('heading', { name: `What freezing ${NEXT_MONTH_NAME} would lock` }),
  ).toBeVisible();
  await expect(page.getByTestId('freeze-estimates')).toContainText('How the estimate moved');
  await expectNoAxeViolations(page);

  // The dialog names the month and what a freeze does; Escape closes it and gives focus back.
  const trigger = page.getByRole('button', { name: `Freeze ${NEXT_MONTH_NAME}…` });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: `Freeze exchange rates for ${NEXT_MONTH_NAME}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('never re-captures');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: `Freeze ${NEXT_MONTH_NAME}`, exact: true }).click();
  const outcome = page.getByTestId('freeze-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'frozen');
  await expect(outcome).toContainText(`${NEXT_MONTH_NAME} is frozen`);
  await expect(
    page.getByRole('table', { name: 'Totals per office currency before and after freezing.' }),
  ).toBeVisible();
  await expect(page.getByText('Frozen', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'FX frozen' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Freezing again changes nothing, and the answer says so (spec: Endpoints 15, idempotent).
  const again = await putFreeze(page, NEXT_MONTH);
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { outcome: string }).outcome).toBe('already-frozen');

  await page.getByRole('link', { name: `Open the renewals due in ${NEXT_MONTH_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/renewals\\?month=${NEXT_MONTH}`));
  await expect(page.getByText('FX frozen').first()).toBeVisible();
  // The month view links back to the month's freeze page for those who may see it.
  await expect(page.getByRole('link', { name: `Exchange rates for ${NEXT_MONTH_NAME}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/rate-freezes');
  const frozenMonths = page.getByRole('list', { name: 'Frozen months' });
  await expect(frozenMonths.getByRole('link', { name: NEXT_MONTH_NAME, exact: true })).toBeVisible();
});

test('a past month cannot be frozen and the refusal says why', async ({ page }) => {
  await signInAs(page, 'manager', `/rate-freezes/${addMonths(currentYearMonth(), -1)}`);
  await expect(page.getByText('Past: cannot be frozen', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Freeze / })).toHaveCount(0);
  const refused = await putFreeze(page, addMonths(currentYearMonth(), -1));
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { code: string }).code).toBe('freeze_month_past');
});

test('a paralegal cannot reach rate freezes and is not offered the link', async ({ page }) => {
  await signInAs(page, 'paralegal');
  const response = await page.goto('/rate-freezes');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await page.goto(`/rate-freezes/${NEXT_MONTH}`))?.status()).toBe(403);
  expect((await page.request.get('/api/rate-freezes')).status()).toBe(403);
  expect((await putFreeze(page, NEXT_MONTH)).status()).toBe(403);

  await page.goto(`/renewals?month=${NEXT_MONTH}`);
  await expect(page.getByRole('heading', { name: 'Renewals', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Exchange rates for / })).toHaveCount(0);
});
