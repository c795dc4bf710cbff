import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { formatMoney } from '../lib/annuity/money';
import { expectNoAxeViolations } from './axe';
import { badgeOf, monthEvents, totalsOf } from './service';
import { signInAs } from './session';

test('a paralegal opens the month view, filters by office, sees the service’s counts and totals, opens a patent and exports CSV', async ({
  page,
}) => {
  // Today is the start page; the month view picks its default month when opened bare.
  await signInAs(page, 'paralegal', '/renewals');
  // The default month holds the earliest deadline among renewals open for a decision.
  await expect(page).toHaveURL(/\/renewals\?month=\d{4}-\d{2}/);
  const month = new URL(page.url()).searchParams.get('month') as string;
  const locale = await page.evaluate(() => navigator.language);
  const events = await monthEvents(month);
  expect(events.length).toBeGreaterThan(0);
  expect(events.some((event) => badgeOf(event) === 'allowed')).toBe(true);

  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(`Showing ${events.length} of ${events.length} renewals`);
  const counts = new Map<string, number>();
  for (const event of events) counts.set(badgeOf(event), (counts.get(badgeOf(event)) ?? 0) + 1);
  for (const [badge, count] of counts) {
    await expect(page.getByTestId(`badge-count-${badge}`)).toContainText(`: ${count}`);
  }
  for (const total of totalsOf(events)) {
    await expect(page.getByTestId(`total-${total.currency}`)).toContainText(
      formatMoney(total.total, total.currency, locale),
    );
  }
  await expectNoAxeViolations(page);

  // Filter by one office: the service filters, and the dashboard shows what it answers.
  await page
    .getByRole('group', { name: 'Filters' })
    .getByRole('button', { name: 'Office', exact: true })
    .click();
  const filter = page.getByRole('dialog', { name: 'Filter by office' });
  const office = ((await filter.getByRole('listitem').first().locator('label').textContent()) ?? '').trim();
  await filter.getByRole('checkbox').first().check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`offices=${office}`));
  const inOffice = await monthEvents(month, [office]);
  await expect(summary).toContainText(`Showing ${inOffice.length} of ${inOffice.length} renewals`);
  for (const total of totalsOf(inOffice)) {
    await expect(page.getByTestId(`total-${total.currency}`)).toContainText(
      formatMoney(total.total, total.currency, locale),
    );
  }
  const rows = page.locator('tbody tr[data-event-id]');
  await expect(rows.first()).toBeVisible();
  for (const cell of await rows.locator('td[data-column="office"]').allTextContents())
    expect(cell).toBe(office);

  // Export what is shown: the same renewals, the visible columns, amounts as decimals.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const parsed = Papa.parse<string[]>((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  });
  const [header, ...lines] = parsed.data;
  expect(header).toEqual(
    expect.arrayContaining(['Case reference', 'Office', 'Due date', 'Fees total', 'Currency']),
  );
  expect(lines).toHaveLength(inOffice.length);
  const officeColumn = header?.indexOf('Office') ?? -1;
  expect(lines.every((line) => line[officeColumn] === office)).toBe(true);
  const amountColumn = header?.indexOf('Fees total') ?? -1;
  expect(lines.every((line) => /^\d+(\.\d+)?$/.test(line[amountColumn] ?? ''))).toBe(true);

  // Open a patent from its row.
  const link = rows.first().getByRole('link').first();
  const name = (await link.textContent()) as string;
  await link.click();
  await expect(page).toHaveURL(/\/portfolio\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Renewals, past and future' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('local filters and sort apply at once and stay in the URL', async ({ page }) => {
  // Today is the start page; the month view picks its default month when opened bare.
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=/);
  const month = new URL(page.url()).searchParams.get('month') as string;
  const events = await monthEvents(month);
  const open = events.filter((event) => badgeOf(event) === 'allowed').length;
  await page.getByTestId('badge-count-allowed').click();
  await expect(page).toHaveURL(/badge=allowed/);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(
    `Showing ${open} of ${events.length}`,
  );
  await page.getByRole('button', { name: 'Due date' }).click();
  await expect(page).toHaveURL(/sort=dueDate/);
  const dueDate = new Map(events.map((event) => [event.id, event.dueDate]));
  const shown = await page
    .locator('tbody tr[data-event-id]')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-event-id') ?? ''));
  const shownDates = shown.map((id) => dueDate.get(id) ?? '');
  expect(shownDates.length).toBeGreaterThan(0);
  expect(shownDates).toEqual([...shownDates].sort());
  await page.reload();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(
    `Showing ${open} of ${events.length}`,
  );
  await expect(page.getByRole('columnheader', { name: 'Due date' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('the portfolio pages and sorts on the server and finds a patent by its provider ID in any case', async ({
  page,
}) => {
  await signInAs(page, 'paralegal', '/portfolio');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('page 1 of');
  const sorted = page.waitForResponse((response) => /\/api\/portfolio\?.*sort=office/.test(response.url()));
  await page.getByRole('columnheader', { name: 'Office' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=office/);
  await sorted;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const offices = await page.locator('tbody tr td[data-column="office"]').allTextContents();
  expect(offices).toEqual([...offices].sort());
  const second = page.waitForResponse((response) => /\/api\/portfolio\?.*page=2/.test(response.url()));
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await second;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const providerId = (await page
    .locator('tbody tr td[data-column="providerId"]')
    .first()
    .textContent()) as string;
  // The search forgives case and punctuation, and says what matched.
  await page.getByLabel('Search patents').fill(providerId.toLowerCase().replace(/-/g, ' '));
  await expect(page).toHaveURL(/q=/);
  const best = page.locator('tbody tr').first();
  await expect(best.locator('td[data-column="providerId"]')).toHaveText(providerId);
  await expect(best.locator('td[data-column="match"]')).toHaveText('Provider ID: exact');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page).not.toHaveURL(/q=/);

  // The header's search field reaches the same search from any page.
  await page.goto('/renewals');
  // The header streams in after the page's first bytes: type once it has settled, so the text is
  // not typed into a field that is then replaced.
  await page.waitForLoadState('networkidle');
  const headerSearch = page.locator('#header-search');
  await headerSearch.fill(providerId);
  await expect(headerSearch).toHaveValue(providerId);
  await headerSearch.press('Enter');
  await expect(page).toHaveURL(/\/portfolio\?q=[^&]+/);
  await expect(page.getByLabel('Search patents')).toHaveValue(providerId);
  await expect(page.locator('tbody tr').first().locator('td[data-column="providerId"]')).toHaveText(
    providerId,
  );
});

test("a renewal's open signals stay with that renewal when a sort moves the rows", async ({ page }) => {
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=/);
  const table = page.getByRole('table');
  const firstRow = table.locator('tbody tr[data-event-id]').first();
  const opened = await firstRow.getAttribute('data-event-id');
  const signalsOfFirstRow = () => firstRow.getByRole('button', { name: /^Signals of / });
  await signalsOfFirstRow().click();
  await expect(signalsOfFirstRow()).toHaveAttribute('aria-expanded', 'true');

  // The table reuses its first row for another renewal: that renewal's signals start closed.
  const sortButton = table.locator('thead').getByRole('button', { name: 'Case reference' });
  await sortButton.click();
  await sortButton.click();
  await expect(table.getByRole('columnheader', { name: 'Case reference' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(firstRow).not.toHaveAttribute('data-event-id', opened ?? '');
  await expect(signalsOfFirstRow()).toHaveAttribute('aria-expanded', 'false');
});

test('a fee total opens its breakdown from the mouse or the keyboard, for the renewal its row shows after a sort', async ({
  page,
}) => {
  await signInAs(page, 'paralegal', '/renewals');
  await expect(page).toHaveURL(/\/renewals\?month=/);
  const table = page.getByRole('table');
  const dialog = page.getByRole('dialog', { name: /^Fee breakdown for / });

  /** Opens the first row's fee total and checks the breakdown is that row's: its patent, its total. */
  const openFirstRow = async () => {
    const row = table.locator('tbody tr[data-event-id]').first();
    const patent = (await row.getByRole('link').first().textContent())?.trim() ?? '';
    const button = row.getByRole('button', { name: /fee breakdown for/ });
    const total = (await button.textContent())?.trim() ?? '';
    expect(patent).not.toBe('');
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(`Fee breakdown for ${patent}`);
    await expect(dialog.getByRole('definition').last()).toHaveText(total);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    return { id: await row.getAttribute('data-event-id'), button };
  };

  const first = await openFirstRow();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first.button).toBeFocused();
  await expect(first.button).toHaveAttribute('aria-expanded', 'false');
  // Enter opens it again; a second click on the same total closes it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await first.button.click();
  await expect(dialog).toBeHidden();

  // A sort puts another renewal in the first row: its total opens its own breakdown.
  await table.locator('thead').getByRole('button', { name: 'Case reference' }).click();
  await table.locator('thead').getByRole('button', { name: 'Case reference' }).click();
  await expect(table.getByRole('columnheader', { name: 'Case reference' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const second = await openFirstRow();
  expect(second.id).not.toBe(first.id);
  // The row's cells out of view sideways come a frame after the sort: none is left empty.
  const sortedRow = table.locator(`tbody tr[data-event-id="${second.id}"]`);
  for (const column of ['duePeriod', 'instructability', 'processingStatus', 'title', 'feesStatus']) {
    await expect(sortedRow.locator(`td[data-column="${column}"]`)).not.toBeEmpty();
  }
  await expectNoAxeViolations(page);
  // A click elsewhere closes it, and leaves the focus where the click went.
  await page.getByRole('region', { name: 'Summary' }).click();
  await expect(dialog).toBeHidden();
});
