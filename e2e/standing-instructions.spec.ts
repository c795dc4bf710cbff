import { expect, type Page, test } from '@playwright/test';
import { addMonths } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { clearDraftByMouse, draftBar } from './draft';
import { monthEvents, nameOf, offers, type ServiceEvent } from './service';
import { demoUser, signInAs } from './session';

/**
 * A standing instruction pre-fills next month's draft: a paralegal sets
 * "renew every year" on a patent; its renewal in the month view is suggested (not decided: nothing
 * enters the draft by itself), accepted in one action, and the review shows it as following the
 * instruction. On the way, a protecting tag set on the patent shows in its signals and keep score,
 * on its page and in the month view's row. The journey leaves no instruction, no tag and an empty
 * draft behind for the others.
 */
const suggestionsBar = (page: Page) =>
  page.getByRole('region', { name: 'Suggestions from standing instructions' });

async function untilDecisionsLoad(page: Page) {
  await expect(page.locator('tbody select:not([disabled])').first()).toBeVisible();
}

test('a paralegal sets "renew every year"; the month suggests Proceed, it is accepted and reviewed', async ({
  page,
}) => {
  const paralegal = demoUser('paralegal');
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
  // The default month and the two after it: the one with the most renewals open to PROCEED.
  const first = new URL(page.url()).searchParams.get('month') as string;
  let month = first;
  let events = new Map<string, ServiceEvent>();
  const open = (list: Iterable<ServiceEvent>) => [...list].filter((event) => offers(event, 'PROCEED')).length;
  for (const candidate of [first, addMonths(first, 1), addMonths(first, 2)]) {
    const listed = await monthEvents(candidate);
    if (open(listed) > open(events.values())) {
      month = candidate;
      events = new Map(listed.map((event) => [event.id, event]));
    }
  }
  // Only the renewals open for instruction, so the rows drawn first can take a decision.
  const monthView = `/renewals?month=${month}&badge=allowed`;
  await page.goto(monthView);
  await untilDecisionsLoad(page);
  await clearDraftByMouse(page);

  // A renewal the table draws whose service offers PROCEED now (spec: Instruction rules).
  const order = await page
    .locator('tbody tr[data-event-id]')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.eventId as string));
  const chosen = order.map((id) => events.get(id)).find((event) => event && offers(event, 'PROCEED')) as
    | ServiceEvent
    | undefined;
  if (!chosen) throw new Error(`no renewal open to PROCEED among the first rows of ${month}`);
  const name = await nameOf(chosen);
  await expect(suggestionsBar(page)).toHaveCount(0);

  // On the patent's page: set the instruction with the keyboard-usable form.
  await page.goto(`/portfolio/${chosen.patent.id}`);
  const panel = page.getByRole('region', { name: 'Standing instruction' });
  await expect(panel).toContainText('None: the renewals of this patent are decided each month.');
  await panel.getByRole('button', { name: 'Set an instruction for this patent' }).click();
  await panel.getByRole('radio', { name: /^Renew every year/ }).check();
  await panel.getByLabel(/^Reason/).fill('Core product patent');
  await panel.getByRole('button', { name: 'Save instruction' }).click();
  const own = panel.getByRole('region', { name: 'This patent' });
  await expect(own).toContainText('Renew every year');
  await expect(own).toContainText('Why: Core product patent');
  await expect(own).toContainText(`Set by ${paralegal.email}`);
  await expectNoAxeViolations(page);

  // Beside it, the signals with the keep score; a protecting tag added here raises it and says so.
  const signals = page.getByRole('region', { name: 'Signals for the next renewal' });
  await expect(signals).toContainText(/Keep score\d+ of 100: .*no protecting tag/);
  const ownTags = page
    .getByRole('region', { name: 'Tags and notes' })
    .getByRole('region', { name: 'This patent' });
  await ownTags.getByLabel('Add a tag to This patent').fill('Core');
  await ownTags.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(ownTags.getByRole('list', { name: 'Tags of This patent' })).toContainText('core');
  await expect(signals).toContainText('protected by core');
  await expectNoAxeViolations(page);

  // The month view suggests it, marked as a suggestion; the draft stays empty until accepted.
  await page.goto(monthView);
  await untilDecisionsLoad(page);
  const row = page.locator(`tr[data-event-id="${chosen.id}"]`);
  const note = row.locator('[data-suggested="PROCEED"]');
  await expect(note).toContainText(
    `Suggested: Proceed — standing instruction: Renew every year, set by ${paralegal.email}`,
  );
  await expect(row).not.toHaveAttribute('data-decision', /./);
  await expect(draftBar(page)).toHaveCount(0);
  // A selection is tagged at once from its bar; the row's signals, read when opened, carry both tags.
  const select = row.getByRole('checkbox', { name: new RegExp(`^Select ${name}`) });
  await select.check();
  const bulk = page.getByRole('region', { name: 'Decision for the selected renewals' });
  await bulk.getByRole('button', { name: 'Tag…' }).click();
  await bulk.getByLabel('Tag for the 1 selected patent').fill('Licensed');
  await bulk.getByRole('button', { name: 'Add tag' }).click();
  await expect(bulk).toContainText('Tagged 1 patent “licensed”.');
  await select.uncheck();
  await row.getByRole('button', { name: `Signals of ${name}` }).click();
  await expect(row.getByTestId('renewal-signals')).toContainText('protected by core, licensed');
  await expectNoAxeViolations(page);

  await suggestionsBar(page).getByRole('button', { name: 'Accept the suggestion' }).click();
  await expect(row).toHaveAttribute('data-decision', 'PROCEED');
  await expect(note).toHaveCount(0);
  await expect(draftBar(page)).toContainText('1 decision');
  await expect(draftBar(page)).toContainText('Saved.');

  // The review lists it, and says which standing instruction it follows.
  await draftBar(page)
    .getByRole('link', { name: /^Review and send 1/ })
    .click();
  await expect(page).toHaveURL(/\/renewals\/review/);
  await expect(page.locator(`tbody tr[data-event-id="${chosen.id}"]`)).toContainText(name);
  const following = page.getByRole('region', { name: 'One decision follows a standing instruction' });
  await expect(following).toContainText(`${name}: Proceed (Renew every year, set by ${paralegal.email}`);
  await expectNoAxeViolations(page);

  // Leave nothing behind: the draft emptied, the instruction cleared (clearing asks first).
  await page.goto(monthView);
  await untilDecisionsLoad(page);
  await clearDraftByMouse(page);
  await page.goto(`/portfolio/${chosen.patent.id}`);
  await panel.getByRole('button', { name: 'Clear the instruction for this patent' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear the standing instruction for this patent?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Clear the instruction' }).click();
  await expect(panel).toContainText('None: the renewals of this patent are decided each month.');
  await ownTags.getByRole('button', { name: 'Remove tag core from This patent' }).click();
  await expect(ownTags.getByRole('list', { name: 'Tags of This patent' })).not.toContainText('core');
  await ownTags.getByRole('button', { name: 'Remove tag licensed from This patent' }).click();
  await expect(ownTags).toContainText('No tags');
});
