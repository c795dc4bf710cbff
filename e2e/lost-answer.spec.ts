import { expect, test } from '@playwright/test';
import type { Draft } from '../lib/decisions/draft';
import { draftEntryOf } from '../lib/decisions/testing';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { draftBar } from './draft';
import { findEvent, nameOf, offers, operator, patentEvents } from './service';
import { signInAs } from './session';

test.afterEach(async () => {
  await operator.clearFaults();
});

/**
 * A send whose answer never comes back (spec: Endpoints 10, the batch key as idempotency key): the
 * paralegal is told the service is being checked, never that the renewal was not executed; the
 * renewal is held in that batch and offered in no other; sending the same batch again once the
 * service answers executes it once.
 */
test('a send whose answer is lost says "checking with the service", holds the renewal, and the same batch sent again executes it once', async ({
  page,
}) => {
  const month = addMonths(currentYearMonth(), 1);
  const event = await findEvent(month, (candidate) => offers(candidate, 'PROCEED'));
  const name = await nameOf(event);
  await signInAs(page, 'paralegal', `/renewals?month=${event.dueDate.slice(0, 7)}&badge=allowed`);
  const row = page.locator(`tbody tr[data-event-id="${event.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('combobox', { name: `Decision for ${name}` }).selectOption({ label: 'Proceed' });
  await expect(draftBar(page)).toContainText('Saved.');
  await page.getByRole('link', { name: 'Review and send 1' }).click();
  await expect(page).toHaveURL(/\/renewals\/review\?from=/);

  // Every instruction the service receives is dropped before it acts, with no answer.
  await operator.setFaults({ dropRate: 1, dropPhase: 'before', paths: ['patent-instructions'] });
  await page.getByRole('button', { name: 'Send 1 decision' }).click();
  await expect(page).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
  const batch = page.url();
  await expect(page.getByRole('heading', { name: 'Checking with the service' })).toBeVisible();
  const onBatch = page.locator(`tr[data-event-id="${event.id}"]`);
  await expect(onBatch).toContainText('Not confirmed yet');
  await expect(onBatch.getByText(/^(Executed|Not executed)$/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Held in this batch: the month view offers it to no other. With nothing else in the draft, the
  // bar leads to that batch rather than to a review that could send nothing.
  await page.goto(`/renewals?month=${event.dueDate.slice(0, 7)}`);
  await expect(draftBar(page).getByTestId('draft-being-sent')).toHaveText(
    '1 being sent in a batch not settled yet',
  );
  await expect(draftBar(page).getByRole('link', { name: /^Review and send/ })).toHaveCount(0);
  await expect(draftBar(page).getByRole('link', { name: 'Open the batch being sent' })).toHaveAttribute(
    'href',
    new URL(batch).pathname,
  );

  // A second decision beside it: the review refuses to send the draft while it holds the first,
  // says why, and takes the held one out so the rest can go.
  const other = await findEvent(
    month,
    (candidate) => offers(candidate, 'PROCEED') && candidate.patent.id !== event.patent.id,
  );
  const headers = { origin: new URL(page.url()).origin };
  const current = (await (await page.request.get('/api/decisions/draft')).json()) as Draft;
  const widened = await page.request.put('/api/decisions/draft', {
    headers,
    data: {
      entries: [...current.entries, draftEntryOf(other, 'PROCEED', { estimate: false })],
      basedOn: current.batchKey,
    },
  });
  expect(widened.ok()).toBe(true);
  await page.goto('/renewals/review');
  await expect(page.getByTestId('review-being-sent')).toHaveText(
    '1 renewal of 2 is already being sent in a batch not settled yet: take it out to send the rest.',
  );
  await expect(page.getByRole('button', { name: /^Send 2 decisions/ })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Take the one being sent out of the draft' }).click();
  await expect(page.getByRole('button', { name: /^Send 1 decision/ })).toBeEnabled();
  await expect(page.getByTestId('review-being-sent')).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  // Not sent here: the journey goes on with the held batch alone.
  expect((await page.request.delete('/api/decisions/draft', { headers })).ok()).toBe(true);

  // The service answers again: the same batch, sent again, is executed once.
  await operator.clearFaults();
  await page.goto(batch);
  await page.getByRole('button', { name: 'Send this batch again (1 not confirmed)' }).click();
  await expect(onBatch.getByText('Executed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checking with the service' })).toHaveCount(0);
  const atService = (await patentEvents(event.patent.id)).find((candidate) => candidate.id === event.id);
  expect(atService?.appliedDecision).toBe('PROCEED');
  // Executed, it has left the draft.
  await page.goto(`/renewals?month=${event.dueDate.slice(0, 7)}`);
  await expect(page.locator(`tbody tr[data-event-id="${event.id}"]`)).toBeVisible();
  await expect(draftBar(page)).toHaveCount(0);
});
