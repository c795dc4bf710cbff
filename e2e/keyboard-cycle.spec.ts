import { expect, type Page, test } from '@playwright/test';
import { addMonths } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { clearDraftByMouse, draftBar } from './draft';
import { monthEvents, nameOf, offers, type ServiceEvent } from './service';
import { signInAs } from './session';

/**
 * The monthly cycle can be done from the keyboard alone in a few dozen key presses: a paralegal
 * decides a whole month and reaches the review with page.keyboard only; every press is counted.
 * Sending stays as the review page has it (each DROP confirmed there).
 */
const KEY_PRESS_BOUND = 36;

// A tall window, so the rows drawn first (the table draws those near the viewport) hold a renewal
// to skip and one to drop even when earlier journeys decided most of the month's first rows.
test.use({ viewport: { width: 1280, height: 2000 } });

/** page.keyboard.press, counted: a chord (Shift+A, Shift+Tab) is one press. */
function keyboardOf(page: Page) {
  let presses = 0;
  return {
    async press(key: string) {
      presses += 1;
      await page.keyboard.press(key);
    },
    get presses() {
      return presses;
    },
  };
}

const status = (page: Page) =>
  page.getByRole('region', { name: 'Decision for the selected renewals' }).getByRole('status');

/** Waits until decisions can be chosen and keys are heard (both load after the page hydrates). */
async function untilDecisionsLoad(page: Page) {
  await expect(page.locator('tbody select:not([disabled])').first()).toBeVisible();
  await expect(page.locator('html[data-shortcuts="on"]')).toHaveCount(1);
}

test('a month of decisions from the keyboard alone, to the review, in a few dozen key presses', async ({
  page,
}) => {
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
  // The default month and the two after it: the one with the most renewals open to PROCEED.
  const first = new URL(page.url()).searchParams.get('month') as string;
  let month = first;
  let events = new Map<string, ServiceEvent>();
  for (const candidate of [first, addMonths(first, 1), addMonths(first, 2)]) {
    const listed = await monthEvents(candidate);
    const open = (list: Iterable<ServiceEvent>) =>
      [...list].filter((event) => offers(event, 'PROCEED')).length;
    if (open(listed) > open(events.values())) {
      month = candidate;
      events = new Map(listed.map((event) => [event.id, event]));
    }
  }
  if (month !== first) await page.goto(`/renewals?month=${month}`);
  await untilDecisionsLoad(page);
  await clearDraftByMouse(page);

  // The whole month as the service lists it, and the rows the table draws first, in its order
  // (read, not clicked; the table renders only the rows near the viewport).
  const all = [...events.values()];
  const proceedable = all.filter((event) => offers(event, 'PROCEED'));
  expect(proceedable.length).toBeGreaterThanOrEqual(3);
  const order = await page
    .locator('tbody tr[data-event-id]')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.eventId as string));
  const shown = order.map((id) => events.get(id) as ServiceEvent);
  // A row to skip and another to drop, near the top, each offered its decision by the service.
  const skipAt = shown.findIndex((event) => offers(event, 'SKIP_THIS_TIME'));
  const dropAt = shown.findIndex((event, index) => index > skipAt && offers(event, 'DROP'));
  expect(skipAt).toBeGreaterThanOrEqual(0);
  expect(dropAt).toBeGreaterThan(skipAt);
  const skipped = shown[skipAt] as ServiceEvent;
  const dropped = shown[dropAt] as ServiceEvent;
  const dropName = await nameOf(dropped);

  const keys = keyboardOf(page);

  // Every renewal shown, PROCEED: only those the service offers it for take it.
  await keys.press('Shift+A');
  await keys.press('p');
  const notOffered = all.length - proceedable.length;
  await expect(status(page)).toContainText(`Proceed: set on ${proceedable.length} renewal`);
  if (notOffered > 0) await expect(status(page)).toContainText(`${notOffered} could not take it`);

  // Down to the renewal to skip, then on to the one to drop.
  for (let step = 0; step <= skipAt; step++) await keys.press('j');
  await expect(page.locator(`tr[data-event-id="${skipped.id}"]`)).toBeFocused();
  await keys.press('s');
  for (let step = skipAt; step < dropAt; step++) await keys.press('j');
  await expect(page.locator(`tr[data-event-id="${dropped.id}"]`)).toBeFocused();

  // DROP by key asks first, naming the patent; Cancel has the focus, so Enter would change nothing.
  await keys.press('d');
  const confirm = page.getByRole('dialog', { name: `Mark ${dropName} to be dropped?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await keys.press('Tab');
  await expect(confirm.getByRole('button', { name: `Mark ${dropName} for Drop` })).toBeFocused();
  await keys.press('Enter');
  await expect(confirm).toHaveCount(0);

  // Each decision looks different in its row: the shape besides the colour.
  const dropRow = page.locator(`tr[data-event-id="${dropped.id}"]`);
  await expect(dropRow).toHaveAttribute('data-decision', 'DROP');
  await expect(dropRow.locator('[data-decision-icon="DROP"] svg')).toBeVisible();
  await expect(
    page.locator(`tr[data-event-id="${skipped.id}"] [data-decision-icon="SKIP_THIS_TIME"]`),
  ).toBeVisible();

  const decided = new Set([...proceedable.map((event) => event.id), skipped.id, dropped.id]).size;
  const bar = draftBar(page);
  await expect(bar).toContainText(`${decided} decisions in your draft`);
  await expect(bar.getByTestId('draft-proceed-estimate')).toContainText('Proceed, estimated:');
  await expectNoAxeViolations(page);

  await keys.press('r');
  await expect(page).toHaveURL(/\/renewals\/review(\?from=[^#]*)?$/);
  await expect(page.getByRole('row', { name: /^All/ })).toContainText(String(decided));
  // The review keeps its own confirmation of each DROP before anything can be sent.
  await expect(page.getByRole('heading', { name: 'One patent will be dropped' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send \d+ decision/ })).toBeDisabled();
  // The DROP waits for a manager; the review offers to send the others now, and says so.
  const how = page.getByRole('group', { name: 'How to send' });
  await expect(how.getByRole('radio', { name: /that needs? no approval now/ })).toBeChecked();
  await expect(how).toContainText('reach the renewal service as soon as you send');
  await expect(
    page.getByRole('button', { name: /^Send \d+ decisions: \d+ now, 1 for approval$/ }),
  ).toBeDisabled();

  expect(keys.presses).toBeLessThanOrEqual(KEY_PRESS_BOUND);
  console.log(`keyboard cycle: ${keys.presses} presses for ${decided} decisions over ${all.length} renewals`);
  test.info().annotations.push({
    type: 'key presses',
    description: `${keys.presses} presses for ${decided} decisions over ${all.length} renewals`,
  });

  // Back in the month view: the shortcuts are listed behind "?".
  await page.goBack();
  await untilDecisionsLoad(page);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Go to Today');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // "Clear draft" asks first, and can be undone even after leaving the page.
  await page.keyboard.press('b');
  await expect(bar).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Clear draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  const clearing = page.getByRole('dialog', { name: `Clear ${decided} decisions?` });
  await expect(clearing.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(bar).toContainText(`Cleared ${decided} decisions.`);

  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await untilDecisionsLoad(page);
  const undo = draftBar(page).getByRole('button', { name: `Undo clear (${decided})` });
  await expect(undo).toBeVisible();
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(draftBar(page)).toContainText(`${decided} decisions in your draft`);
  await expect(draftBar(page)).toContainText('Saved.');
  await expect(page.locator(`tr[data-event-id="${dropped.id}"]`)).toHaveAttribute('data-decision', 'DROP');

  // Leave the paralegal's draft as the other journeys expect it: empty.
  await clearDraftByMouse(page);
});

test('keys typed into a field are text, not decisions', async ({ page }) => {
  await signInAs(page, 'paralegal', '/renewals');
  await untilDecisionsLoad(page);
  await clearDraftByMouse(page);
  const field = page.locator('input[type="month"]');
  await field.focus();
  for (const key of ['Shift+A', 'p', 'r']) await page.keyboard.press(key);
  await expect(draftBar(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/renewals\?/);
});
