import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { findEvent, nameOf, offers, operator, type ServiceEvent } from './service';
import { signInAs } from './session';

/**
 * The spec's monthly cycle (What the service does, 4): list a month with fees, decide from
 * instructability, send one batch, download the instruction receipt, follow processing until
 * FULFILLED, download the official receipt.
 */
async function openMonth(page: Page): Promise<string> {
  // Today is the start page; the month view picks its default month when opened bare.
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
  return new URL(page.url()).searchParams.get('month') as string;
}

async function decide(page: Page, event: ServiceEvent, decision: 'Proceed' | 'Drop') {
  const name = await nameOf(event);
  const row = page.locator(`tbody tr[data-event-id="${event.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('combobox', { name: `Decision for ${name}` }).selectOption({ label: decision });
  await expect(page.getByRole('region', { name: 'Your decisions' })).toContainText('Saved.');
  return name;
}

async function pdfOf(
  download: Promise<import('@playwright/test').Download>,
): Promise<{ name: string; head: string }> {
  const file = await download;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

/**
 * Whether the service accepts instructions now and executes them later (the `deferred` project,
 * e2e/deferred-profile.setup.ts): asked of the service, so the journey follows whichever it meets.
 */
async function executesLater(): Promise<boolean> {
  const { switches } = await operator.getProfile();
  return switches.instructionMode !== 'DIRECT' && switches.deferredExecution === 'next-day';
}

/**
 * A mode other than DIRECT (spec: Instruction, `scheduledForExecutionAt`): the sent renewal shows
 * as scheduled, with its decision, on the batch, on Today and on tracking, never as undecided or
 * executed; once the service's clock reaches the day, a check of the batch finds it executed.
 * Ends on the batch page.
 */
async function followScheduled(page: Page, event: ServiceEvent) {
  const batch = page.url();
  const scheduled = /Scheduled for \w/;
  const onBatch = page.locator(`tr[data-event-id="${event.id}"]`);
  await expect(onBatch).toContainText(scheduled);
  await expect(onBatch.getByText('Executed', { exact: true })).toHaveCount(0);

  await page.goto('/');
  const onToday = page
    .getByRole('list', { name: 'Scheduled at the service' })
    .locator(`li[data-event-id="${event.id}"]`);
  await expect(onToday).toContainText('Proceed');
  await expect(onToday).toContainText(scheduled);
  // Not among the renewals that need a decision (nor offered for a new batch from there).
  await expect(page.locator(`[data-bucket] [data-event-id="${event.id}"]`)).toHaveCount(0);

  await page.goto(`/tracking?month=${event.dueDate.slice(0, 7)}`);
  const onTracking = page.locator(`tr[data-event-id="${event.id}"]`);
  await expect(onTracking).toContainText('Proceed');
  await expect(onTracking).toContainText(scheduled);
  await expectNoAxeViolations(page);

  // The next day the service executes it (operator API: its clock); the batch's check settles it.
  const clock = await operator.getClock();
  const next = new Date(Date.parse(`${clock.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await operator.setToday(next);
  try {
    await page.goto(batch);
    await page.getByRole('button', { name: 'Check with the service again' }).click();
    await expect(onBatch.getByText('Executed', { exact: true })).toBeVisible();
    await expect(onBatch).not.toContainText(scheduled);
  } finally {
    await operator.setToday(clock.isPinned ? clock.today : null);
  }
}

test('the monthly cycle: decide, send, receipt, processing to FULFILLED, official receipt', async ({
  page,
}) => {
  const first = await openMonth(page);
  const event = await findEvent(first, (candidate) => offers(candidate, 'PROCEED'));
  await page.goto(`/renewals?month=${event.dueDate.slice(0, 7)}&badge=allowed`);
  const name = await decide(page, event, 'Proceed');
  await expectNoAxeViolations(page);

  // A reload keeps the draft (it lives on the server, per user).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your decisions' })).toContainText(
    '1 decision in your draft',
  );

  await page.getByRole('link', { name: 'Review and send 1' }).click();
  await expect(page).toHaveURL(/\/renewals\/review\?from=/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Proceed');
  await expectNoAxeViolations(page);
  // "Back" returns to the same month and filter, not the default month.
  await page.getByRole('link', { name: 'Back to the month view to change decisions' }).click();
  await expect(page).toHaveURL(new RegExp(`/renewals\\?month=${event.dueDate.slice(0, 7)}&badge=allowed$`));
  await page.getByRole('link', { name: 'Review and send 1' }).click();
  await expect(page).toHaveURL(/\/renewals\/review\?from=/);
  await page.getByRole('button', { name: 'Send 1 decision' }).click();

  await expect(page).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^Receipt no\. \d+$/ })).toBeVisible();
  if (await executesLater()) await followScheduled(page, event);
  // The renewal's own row says so (the receipt card has an "Executed" label of its own).
  await expect(
    page.locator(`tr[data-event-id="${event.id}"]`).getByText('Executed', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const receipt = await pdfOf(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Instruction receipt \(PDF\) of / }).click(),
    ]).then(([download]) => download),
  );
  // Saved under the renewal's case reference (or provider id), not the service's event id.
  expect(receipt.name).toBe(`instruction-receipt-${name}.pdf`);
  expect(receipt.head).toBe('%PDF-');

  // The service moves the renewal along its pipeline (operator API: as the office would).
  const tracking = `/tracking?month=${event.dueDate.slice(0, 7)}`;
  await page.goto(tracking);
  const row = page.locator(`tr[data-event-id="${event.id}"]`);
  await expect(row).toContainText('Instructed');
  await expect(row.getByRole('button', { name: `Official receipt of ${name}` })).toHaveCount(0);
  for (const step of ['PAYMENT_SENT', 'PAYMENT_CONFIRMED', 'FULFILLED'] as const)
    await operator.progressEvent(event.id, step);
  // The board reads our synced copy: the user asks for the month again instead of waiting for
  // the worker's next read.
  await page.goto(tracking);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(row).toContainText('Fulfilled');
  await expectNoAxeViolations(page);
  const official = await pdfOf(
    Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Official receipt of ${name}` }).click(),
    ]).then(([download]) => download),
  );
  expect(official.head).toBe('%PDF-');
});

// The DROP journey (confirmed per patent, with its reason, approved by a manager) is in
// e2e/approvals.spec.ts, which the variant project runs too.
