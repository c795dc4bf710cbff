import { expect, type Page, test } from '@playwright/test';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { badgeOf, monthEvents, type ServiceEvent } from './service';
import { signInAs } from './session';

/**
 * Today, the start page of every role: each role lands on it and its first item is the
 * most urgent thing it can act on; the paralegal's bucket counts match what the service reports
 * and one action moves a bucket into the decision draft.
 */
type Listed = ServiceEvent & { duePeriod: string | null };

async function undecidedInGrace(): Promise<Listed[]> {
  const current = currentYearMonth();
  const found: Listed[] = [];
  for (let month = addMonths(current, -12); month <= current; month = addMonths(month, 1)) {
    for (const event of (await monthEvents(month)) as Listed[]) {
      if (
        event.appliedDecision === null &&
        badgeOf(event) !== 'already-instructed' &&
        event.duePeriod === 'GRACE_PERIOD'
      ) {
        found.push(event);
      }
    }
  }
  return found;
}

async function landOnToday(page: Page, role: 'paralegal' | 'finance' | 'manager' | 'admin') {
  await signInAs(page, role);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
}

const bucket = (page: Page, id: string) => page.locator(`[data-bucket="${id}"]`);

test('a paralegal lands on Today: the most urgent renewal first, counts as the service reports, a bucket into the draft', async ({
  page,
}) => {
  await landOnToday(page, 'paralegal');
  const section = page.getByRole('region', { name: 'Renewals that need a decision', exact: true });
  await expect(section).toBeVisible();
  // The first thing on the page is the most urgent decision, linked to where it is taken.
  const first = page.getByTestId('most-urgent');
  await expect(first).toBeVisible();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /\/renewals\?/);

  // Lapsing soon and in grace together are the undecided renewals the service says are in grace.
  const inGrace = await undecidedInGrace();
  const countOf = async (id: string) =>
    Number(
      ((await bucket(page, id).getByRole('heading', { level: 2 }).textContent()) ?? '').match(
        /\((\d+)\)/,
      )?.[1],
    );
  expect((await countOf('lapsing-soon')) + (await countOf('in-grace'))).toBe(inGrace.length);
  await expectNoAxeViolations(page);

  // Each bucket links to the month view filtered to exactly its items: their due dates, badges,
  // and only renewals without a decision.
  const link = bucket(page, 'due-this-month').getByRole('link', { name: /month view/ });
  const month = currentYearMonth();
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`from=${month}-\\d{2}&to=${month}-\\d{2}&.*decision=NONE`),
  );

  // One action: the first bucket with decidable renewals goes into the draft as "Skip this time".
  const card = page
    .locator('[data-bucket]')
    .filter({ has: page.getByRole('button', { name: /^Add (all|the first) \d+ to the draft$/ }) })
    .first();
  await card.getByLabel('Decision').selectOption({ label: 'Skip this time' });
  const button = card.getByRole('button', { name: /^Add (all|the first) \d+ to the draft$/ });
  const offered = Number(((await button.textContent()) ?? '').match(/\d+/)?.[0]);
  await button.click();
  const outcome = card.getByTestId('draft-outcome');
  await expect(outcome).toContainText('added');
  const added = Number(((await outcome.textContent()) ?? '').match(/^(\d+) added/)?.[1]);
  expect(added).toBeGreaterThan(0);
  expect(added).toBeLessThanOrEqual(offered);
  await outcome.getByRole('link', { name: 'Review and send' }).click();
  await expect(page).toHaveURL(/\/renewals\/review$/);
  await expect(page.locator('tbody tr[data-event-id]')).toHaveCount(added);

  // Leave the draft as the other journeys expect it: empty.
  const cleared = await page.request.delete('/api/decisions/draft', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(cleared.status()).toBe(200);
});

test('a renewal blocked by an earlier one names and links that earlier renewal', async ({ page }) => {
  await landOnToday(page, 'paralegal');
  const blocked = page.locator('li[data-event-id]').filter({ hasText: 'Decide first' }).first();
  if ((await blocked.count()) === 0) test.skip(true, 'no blocked renewal on Today in this data');
  await expect(blocked.getByRole('link', { name: /the renewal due|the earlier renewal/ })).toHaveAttribute(
    'href',
    /\/(renewals|portfolio)/,
  );
});

test('finance lands on Today with the invoices needing attention first', async ({ page }) => {
  await landOnToday(page, 'finance');
  await expect(page.getByRole('region', { name: 'Invoices and billing' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Invoices not reconciled \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Renewals that need a decision', exact: true })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page);
});

test('a manager lands on Today with the team’s buckets as counts, freezes and spend', async ({ page }) => {
  await landOnToday(page, 'manager');
  const team = page.getByRole('region', { name: 'Across the team' });
  await expect(team).toBeVisible();
  const lapsing = team.locator('[data-bucket-count="lapsing-soon"] a');
  await expect(lapsing).toHaveAttribute('href', /\/renewals\?/);
  await expect(team.getByRole('heading', { name: /Months that can be frozen now/ })).toBeVisible();
  await expect(team.getByRole('heading', { name: /^Spend:/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await lapsing.click();
  await expect(page).toHaveURL(/\/renewals\?/);
});

test('an administrator lands on Today with lockouts, the connection and failed sign-ins', async ({
  page,
}) => {
  await landOnToday(page, 'admin');
  const admin = page.getByRole('region', { name: 'Administration' });
  await expect(admin.getByRole('heading', { name: /Locked-out users/ })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Service connection' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: /Failed sign-ins/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
