import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { findEvent, nameOf, offers, patentEvents, type ServiceEvent } from './service';
import { signInAs } from './session';

/**
 * Maker-checker: a DROP prepared by a paralegal reaches the service only after a manager
 * approves it; the manager does it from a phone. And the administrator's policy form.
 */
async function decide(page: Page, event: ServiceEvent, decision: 'Drop') {
  const name = await nameOf(event);
  const row = page.locator(`tbody tr[data-event-id="${event.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('combobox', { name: `Decision for ${name}` }).selectOption({ label: decision });
  // Drop from the row's select asks the confirmation the `d` key asks, naming the patent.
  const confirm = page.getByRole('dialog', { name: `Mark ${name} to be dropped?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: `Mark ${name} for Drop` }).click();
  await expect(page.getByRole('region', { name: 'Your decisions' })).toContainText('Saved.');
  return name;
}

test('a DROP prepared by a paralegal reaches the service only after a manager approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
  // Opened bare, the view says why it chose its month.
  await expect(page.getByTestId('opened-on')).toHaveText(
    /^Opened on .+: the month with the earliest deadline/,
  );
  const first = new URL(page.url()).searchParams.get('month') as string;
  const event = await findEvent(
    first,
    async (candidate) =>
      offers(candidate, 'DROP') &&
      (await patentEvents(candidate.patent.id)).some((other) => other.dueDate > candidate.dueDate),
  );
  await page.goto(`/renewals?month=${event.dueDate.slice(0, 7)}&badge=allowed`);
  const name = await decide(page, event, 'Drop');
  await page.getByRole('link', { name: /^Review and send/ }).click();

  const submit = page.getByRole('button', { name: 'Send 1 decision for approval' });
  await expect(page.getByRole('heading', { name: /will be dropped/ })).toBeVisible();
  await expect(page.getByText('A manager approves these decisions before they are sent')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: new RegExp(`I understand that ${name}`) }).check();
  // Confirmed but not explained: a DROP needs its reason.
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: `Why drop ${name}? (required)` }).fill('Product line discontinued');
  await expectNoAxeViolations(page);
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
  const batchUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Awaiting a manager’s approval' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Product line discontinued' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing has reached the service yet.
  expect((await patentEvents(event.patent.id)).some((other) => other.dueDate > event.dueDate)).toBe(true);

  // The manager, on a 390 px phone.
  // A context of its own (axe needs one), with its own session.
  const PHONE = 390;
  const managerContext = await browser.newContext({ viewport: { width: PHONE, height: 844 } });
  const phone = await managerContext.newPage();
  try {
    await signInAs(phone, 'manager', '/approvals');
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Approvals');
    await expectNoAxeViolations(phone);
    await phone
      .getByRole('link', { name: /^1 decision from / })
      .first()
      .click();
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Approve decisions');
    // Every decision and its reason on screen, whole: nothing cut off, nothing scrolls sideways.
    const decisions = phone.getByRole('list', { name: 'Decisions to approve' });
    const card = decisions.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText('Drop');
    const reason = card.getByText('Product line discontinued');
    await expect(reason).toBeVisible();
    for (const part of [card, reason]) {
      const edges = await part.boundingBox();
      expect(edges && edges.x >= 0 && edges.x + edges.width <= PHONE).toBe(true);
    }
    await expectNoAxeViolations(phone);
    const approve = phone.getByRole('button', { name: 'Approve and send 1 decision' });
    // Usable at 390 px: the button is on screen, not cut off, and nothing scrolls the page sideways.
    await approve.scrollIntoViewIfNeeded();
    const box = await approve.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    // A DROP is irreversible: approving asks first, naming the patent; Cancel sends nothing.
    await approve.click();
    const confirm = phone.getByRole('dialog', { name: `Approve dropping ${name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(phone).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
    await approve.click();
    await phone
      .getByRole('dialog', { name: `Approve dropping ${name}?` })
      .getByRole('button', { name: `Approve and drop ${name}` })
      .click();
    await expect(phone).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
    await expect(phone.getByText('Executed', { exact: true }).first()).toBeVisible();
    await expect(phone.getByText(/^Approved by /)).toBeVisible();
    // The receipt says when the batch was sent (on approval), apart from when it was prepared.
    await expect(phone.getByText(/^Sent .+, on approval; prepared .+ by /)).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
  } finally {
    await managerContext.close();
  }

  const remaining = await patentEvents(event.patent.id);
  expect(remaining.filter((other) => other.dueDate > event.dueDate)).toEqual([]);
  await page.goto(batchUrl);
  await expect(page.getByText('Executed', { exact: true }).first()).toBeVisible();
  // The reason stays on the patent's timeline.
  await page.goto(`/portfolio/${event.patent.id}`);
  await expect(
    page.getByRole('region', { name: 'Decisions taken here' }).getByText('Product line discontinued'),
  ).toBeVisible();
  await expect(page.locator(`tr[data-event-id="${event.id}"]`)).toContainText('Drop');
});

test('the administrator sets the approval policy; a bad amount is named beside its field', async ({
  page,
}) => {
  await signInAs(page, 'admin', '/admin/approvals');
  await expect(page.getByRole('heading', { name: 'Approvals', level: 2 })).toBeVisible();
  const proceed = page.getByRole('group', { name: 'PROCEED above an amount' });
  await proceed.getByRole('button', { name: /^Add a currency/ }).click();
  await proceed.getByRole('textbox', { name: 'Currency' }).fill('EUR');
  await proceed.getByRole('textbox', { name: 'Amount' }).fill('12,5');
  await page.getByRole('button', { name: 'Save approval policy' }).click();
  await expect(proceed.getByText('expected an amount such as 1500 or 1500.00')).toBeVisible();
  await expect(proceed.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await proceed.getByRole('textbox', { name: 'Amount' }).fill('250000.00');
  await page.getByRole('button', { name: 'Save approval policy' }).click();
  await expect(page.getByText('The approval policy is saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'PROCEED above an amount' }).getByRole('textbox', { name: 'Amount' }),
  ).toHaveValue('250000.00');
  // Back to the default, so other journeys send as before.
  await page
    .getByRole('group', { name: 'PROCEED above an amount' })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await page.getByRole('button', { name: 'Save approval policy' }).click();
  await expect(page.getByText('The approval policy is saved.')).toBeVisible();
});
