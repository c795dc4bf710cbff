import { expect, type Locator, type Page, test } from '@playwright/test';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { draftThroughApi } from './draft';
import { findEvent, offers } from './service';
import { signInAs } from './session';

/**
 * No key column off-screen at 1280 px: on a 1280 × 800 screen each table keeps its key
 * columns (the patent or reference, the due date, the decision, amount or status) and the first
 * row's decision control on screen without any sideways scrolling; the columns it leaves out at
 * that width stay reachable from the keyboard in the row's details.
 */
const WIDTH = 1280;
test.use({ viewport: { width: WIDTH, height: 800 } });

interface Edge {
  name: string;
  left: number;
  right: number;
  clipLeft: number;
  clipRight: number;
}

/** Where each header sits against the screen and against the table's own scroll box. */
async function headerEdges(table: Locator): Promise<Edge[]> {
  return table.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      const scroller = cell.closest('table')?.parentElement;
      const clip = scroller?.getBoundingClientRect() ?? box;
      return {
        name: (cell.textContent ?? '').trim(),
        left: box.left,
        right: box.right,
        clipLeft: clip.left,
        clipRight: clip.right,
      };
    }),
  );
}

async function expectKeyColumnsOnScreen(page: Page, table: Locator, keys: readonly RegExp[]) {
  await expect(table).toBeVisible();
  // Nothing scrolls sideways: neither the page nor the table's own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  const edges = await headerEdges(table);
  const shown = edges.filter((edge) => edge.right > edge.left);
  for (const key of keys) {
    const edge = shown.find((candidate) => key.test(candidate.name));
    expect(
      edge,
      `a visible column header matching ${key} among ${shown.map((e) => e.name).join(' | ')}`,
    ).toBeDefined();
    if (!edge) continue;
    const within =
      edge.left >= Math.max(0, edge.clipLeft) - 1 && edge.right <= Math.min(WIDTH, edge.clipRight) + 1;
    expect(
      within,
      `${edge.name} spans ${edge.left}–${edge.right}, the table shows ${edge.clipLeft}–${edge.clipRight}`,
    ).toBe(true);
  }
}

async function expectOnScreen(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  const clipped = await control.evaluate((element) => {
    const scroller = element.closest('table')?.parentElement;
    if (!scroller) return false;
    const outer = scroller.getBoundingClientRect();
    const inner = element.getBoundingClientRect();
    return inner.right > outer.right + 1 || inner.left < outer.left - 1;
  });
  expect(clipped).toBe(false);
}

/**
 * The row's details: a disclosure reached by Tab alone, opened with Enter, whose region names the
 * columns left out at this width with their values.
 */
async function expectRowDetailsByKeyboard(page: Page, row: Locator, hidden: readonly string[]) {
  const toggle = row.getByRole('button', { name: /^Details of / });
  // From the row's first link, one Tab away.
  await row.getByRole('link').first().focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(details).toBeVisible();
  for (const name of hidden) await expect(details.getByText(name, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

test('the month view keeps the patent, due date, fees and decision on screen', async ({ page }) => {
  // A month ahead, whose renewals are still to be decided: the month the view opens on by itself
  // follows the earliest deadline, which late in a month can be a past month's grace period, with
  // its one undecided renewal far below the first screen.
  await signInAs(page, 'paralegal', `/renewals?month=${addMonths(currentYearMonth(), 2)}`);
  await expect(page).toHaveURL(/\/renewals\?month=/);
  const table = page.locator('table').first();
  const first = table.locator('tbody tr[data-event-id]').first();
  await expect(first).toBeVisible();
  await expectKeyColumnsOnScreen(page, table, [/^Case reference/, /^Due date/, /^Fees/, /^Your decision/]);
  // The first row that can be decided now.
  await expectOnScreen(table.getByRole('combobox', { name: /^Decision for / }).first());
});

test('the portfolio keeps the case reference and status on screen', async ({ page }) => {
  await signInAs(page, 'paralegal', '/portfolio');
  const table = page.locator('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectKeyColumnsOnScreen(page, table, [/^Case reference/, /^Office/, /^Status/]);
});

test('the invoices keep the reference, date, total and reconciliation on screen', async ({ page }) => {
  await signInAs(page, 'finance', '/invoices');
  const table = page.locator('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectKeyColumnsOnScreen(page, table, [/^Reference/, /^Issue date/, /^Total/, /^Reconciliation/]);
  await expect(table.getByRole('columnheader', { name: 'VAT rate' })).toBeHidden();
  await expectRowDetailsByKeyboard(page, table.locator('tbody tr').first(), [
    'Number',
    'Origin',
    'Currency',
    'VAT rate',
    'Lines',
  ]);
});

test('finance marks an invoice line at 1280 px: its checks, mark and document are on screen', async ({
  page,
}) => {
  await signInAs(page, 'finance', '/invoices');
  const list = page.locator('table').first();
  await list.locator('tbody tr a').first().click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const lines = page.getByRole('table', { name: /^Lines of invoice / });
  const first = lines.locator('tbody tr').first();
  await expect(first).toBeVisible();
  await expectKeyColumnsOnScreen(page, lines, [
    /^Patent/,
    /^Renewal/,
    /^Total/,
    /^Checks/,
    /^Mark/,
    /^Document/,
  ]);
  // The components and the estimate are a Tab away, in the row's details.
  await expectRowDetailsByKeyboard(page, first, ['Components', 'Estimate and variance']);
  const mark = first.getByRole('button', { name: /^Mark line \d+$/ });
  await expectOnScreen(mark);
  await mark.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reconciled').check();
  await dialog.getByLabel('Note').fill('Checked at 1280 px');
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(first.locator('[data-mark="reconciled"]')).toContainText('Checked at 1280 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
});

test('the tracking board keeps the patent, due date, decision and status on screen', async ({ page }) => {
  await signInAs(page, 'paralegal', '/tracking');
  const table = page.locator('table').first();
  await expect(table).toBeVisible();
  await expectKeyColumnsOnScreen(page, table, [/^Patent/, /^Due date/, /^Decision/]);
});

test('a batch awaiting approval keeps the patent, due date, decision and estimate on screen, for both sides', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const event = await findEvent(currentYearMonth(), (candidate) => offers(candidate, 'DROP'));
  // The draft names the patent by its provider id (no case reference), as the batch then does.
  const name = event.patent.providerId ?? event.patent.id;
  await signInAs(page, 'paralegal');
  const { batchKey, headers } = await draftThroughApi(page, event, 'DROP');
  const sent = await page.request.post('/api/decisions/batches', {
    headers,
    data: {
      batchKey,
      requestApproval: true,
      dropConfirmations: [
        {
          eventId: event.id,
          patentName: event.patent.providerId ?? event.patent.id,
          rationale: 'Wide tables',
        },
      ],
    },
  });
  expect(sent.status()).toBe(202);
  const { batch } = (await sent.json()) as { batch: { id: string } };
  const manager = await browser.newContext({ viewport: { width: WIDTH, height: 800 } });
  try {
    await page.goto(`/renewals/batches/${batch.id}`);
    const receipt = page.locator('table').last();
    await expectKeyColumnsOnScreen(page, receipt, [
      /^Patent/,
      /^Due date/,
      /^Decision/,
      /^Estimate/,
      /^Outcome/,
    ]);
    await expect(receipt.getByRole('link', { name })).toBeVisible();
    await expect(receipt.getByRole('columnheader', { name: 'Office' })).toBeHidden();
    await expectRowDetailsByKeyboard(page, receipt.locator('tbody tr').first(), ['Office', 'Executed at']);

    const approver = await manager.newPage();
    await signInAs(approver, 'manager', `/approvals/${batch.id}`);
    const review = approver.locator('table').last();
    await expectKeyColumnsOnScreen(approver, review, [/^Patent/, /^Due date/, /^Decision/, /^Estimate/]);
    await expectRowDetailsByKeyboard(approver, review.locator('tbody tr').first(), ['Office']);
    // Sent back, so no later journey finds this batch waiting.
    const back = await approver.request.post(`/api/approvals/${batch.id}/return`, {
      headers: { origin: headers.origin },
      data: { reason: 'Only a layout check' },
    });
    expect(back.ok()).toBe(true);
  } finally {
    await manager.close();
    await page.request.delete('/api/decisions/draft', { headers });
  }
});
