import { expect, type Page } from '@playwright/test';
import type { DraftEntry } from '../lib/decisions/draft';
import { draftEntryOf } from '../lib/decisions/testing';
import type { ServiceEvent } from './service';

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

/**
 * Saves a one-decision draft for `event` through the dashboard's API, as the signed-in user of
 * `page` (for journeys whose subject is what comes after the draft), and returns its batch key.
 */
export async function draftThroughApi(
  page: Page,
  event: ServiceEvent,
  decision: DraftEntry['decision'],
): Promise<{ batchKey: string; headers: { origin: string } }> {
  const headers = { origin: new URL(page.url()).origin };
  const drafted = await page.request.put('/api/decisions/draft', {
    headers,
    data: {
      entries: [draftEntryOf(event, decision, { estimate: false })],
    },
  });
  expect(drafted.ok()).toBe(true);
  const { batchKey } = (await drafted.json()) as { batchKey: string };
  return { batchKey, headers };
}
