import { expect, type Page } from '@playwright/test';

/** The month view's draft bar ("Your decisions"). */
export const draftBar = (page: Page) => page.getByRole('region', { name: 'Your decisions' });

/** Empties the paralegal's draft with the mouse, so a journey starts and ends from nothing. */
export async function clearDraftByMouse(page: Page) {
  const bar = draftBar(page);
  if ((await bar.count()) === 0) return;
  const clear = bar.getByRole('button', { name: 'Clear draft' });
  if (await clear.isEnabled()) {
    await clear.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Clear \d+ decision/ })
      .click();
  }
  const dismiss = bar.getByRole('button', { name: 'Dismiss' });
  if (await dismiss.count()) await dismiss.click();
  await expect(bar).toHaveCount(0);
}
