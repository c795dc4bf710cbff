import { readFile } from 'node:fs/promises';
import { type Browser, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { currentYearMonth } from '../lib/format/dates';
import { DEMO_API_KEY, DEMO_TENANT } from '../sandbox/demo';
import { expectNoAxeViolations } from './axe';
import { draftThroughApi } from './draft';
import { findEvent, offers, operator, type ServiceEvent, serviceUrl } from './service';
import { signInAs } from './session';

/**
 * Finance reconciles an invoice: opens it from the list, sees a line billed above the
 * estimate recorded when its decision was sent, disputes that line with a note, and exports the
 * invoice as XLSX for accounting.
 *
 * To be sure of a variance, the decision is sent by a paralegal while the stand-in service holds the
 * POST for a few seconds (operator fault injection), and the exchange rates move in that window:
 * the estimate is recorded from the re-read just before the POST, the invoice is priced at the POST
 * (spec: Fees rule 3, Instruction rules). The event is billed in JPY or USD, whose service fee is
 * priced in EUR and converted, so the move reaches the invoice.
 */

interface ServiceInvoice {
  id: string;
  reference: string;
  issueDate: string;
  fees: { eventId: string | null; currency: string }[];
}

async function service<T>(path: string): Promise<T> {
  const response = await fetch(`${serviceUrl()}/api/v2/external${path}`, {
    headers: { 'x-api-key': DEMO_API_KEY },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const reReads = async () => (await operator.getUsage(DEMO_TENANT)).operations.getPatentEvent ?? 0;

/** A PROCEED sent from the dashboard whose invoice line is priced at rates moved after its estimate. */
async function decisionBilledAboveItsEstimate(
  browser: Browser,
): Promise<{ event: ServiceEvent; invoice: ServiceInvoice }> {
  const event = await findEvent(
    currentYearMonth(),
    (candidate) =>
      offers(candidate, 'PROCEED') &&
      ['JPY', 'USD'].includes(candidate.fees?.currency ?? '') &&
      (candidate.fees as { isFxRateFrozen?: boolean } | undefined)?.isFxRateFrozen === false,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'paralegal');
  const { batchKey, headers } = await draftThroughApi(page, event, 'PROCEED');

  const rates = await operator.getFxRates();
  const before = await reReads();
  await operator.setFaults({ latencyMs: 4_000, paths: ['patent-instructions'] });
  try {
    const sending = page.request.post('/api/decisions/batches', { headers, data: { batchKey } });
    // The dashboard re-reads the event (and records its estimate) just before its POST.
    await expect.poll(reReads, { timeout: 5_000, intervals: [50] }).toBeGreaterThan(before);
    await page.waitForTimeout(300);
    await operator.setFxRates({ multiplyAllBy: '10' });
    expect((await sending).status()).toBe(201);
  } finally {
    await operator.clearFaults();
    await operator.setFxRates({ rates: rates.rates });
    await context.close();
  }
  const fees = await service<{ invoiceId: string | null }>(
    `/patents/${event.patent.id}/events/${event.id}/fees`,
  );
  expect(fees.invoiceId).not.toBeNull();
  return { event, invoice: await service<ServiceInvoice>(`/invoices/${fees.invoiceId}`) };
}

test('finance opens an invoice, sees the flagged variance, disputes the line and exports it as XLSX', async ({
  page,
  browser,
}) => {
  const { event, invoice } = await decisionBilledAboveItsEstimate(browser);
  const lineNumber = invoice.fees.findIndex((line) => line.eventId === event.id) + 1;
  expect(lineNumber).toBeGreaterThan(0);

  await signInAs(page, 'finance', '/invoices');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The day the invoice was issued, read again from the service (the list keeps a copy for 30 s).
  await page.getByLabel('Issued from').fill(invoice.issueDate);
  await page.getByLabel('Issued to').fill(invoice.issueDate);
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${invoice.issueDate}`));
  await page.getByRole('button', { name: 'Reload from the service' }).click();
  await expect(page.getByRole('button', { name: 'Reload from the service' })).toBeEnabled();
  await page.getByRole('link', { name: invoice.reference, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.reference}`, level: 1 })).toBeVisible();
  const row = page.locator(`tbody tr[data-event-id="${event.id}"]`);
  const variance = row.locator('[data-check="estimate-variance"]');
  await expect(variance).toHaveAttribute('data-status', 'fail');
  await expect(variance).toContainText('Above the 5% threshold');
  await expect(
    page.getByRole('list', { name: 'Invoice checks' }).locator('[data-check="invoice-variance"]'),
  ).toHaveAttribute('data-status', 'fail');
  await expectNoAxeViolations(page);

  // Dispute the line, with a note; the dialog is labelled and keyboard-closable like the others.
  await row.getByRole('button', { name: `Mark line ${lineNumber}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Disputed').check();
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog.getByText('Say what is disputed')).toBeVisible();
  const note = 'Service fee billed at ten times the quoted rate';
  await dialog.getByLabel('Note').fill(note);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.locator('[data-mark="disputed"]')).toContainText(note);
  await expect(page.getByText('Disputed', { exact: true }).first()).toBeVisible();

  // The mark survives a reload: it is stored, not just shown.
  await page.reload();
  await expect(page.locator(`tbody tr[data-event-id="${event.id}"] [data-mark="disputed"]`)).toContainText(
    note,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${invoice.reference}.xlsx`);
  await expect(page.getByText(`Saved invoice-${invoice.reference}.xlsx`)).toBeVisible();
  await expectNoAxeViolations(page);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Invoice lines');
  expect(sheet).toBeDefined();
  if (!sheet) return;
  expect(sheet.rowCount).toBe(invoice.fees.length + 1);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const cell = (rowNumber: number, header: string) =>
    sheet.getRow(rowNumber).getCell(headers.indexOf(header) + 1).value;
  const line = lineNumber + 1;
  expect(cell(line, 'Invoice reference')).toBe(invoice.reference);
  expect(cell(line, 'Event ID')).toBe(event.id);
  expect(cell(line, 'Currency')).toBe(event.fees?.currency);
  expect(cell(line, 'Due date')).toBe(event.dueDate);
  expect(cell(line, 'Variance check')).toBe('fail');
  expect(typeof cell(line, 'Variance')).toBe('number');
  expect(cell(line, 'Mark')).toBe('disputed');
  expect(cell(line, 'Mark note')).toBe(note);
});

test('a paralegal cannot reach invoices', async ({ page }) => {
  await signInAs(page, 'paralegal');
  expect((await page.goto('/invoices'))?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  expect((await page.request.get('/api/invoices')).status()).toBe(403);
  expect((await page.request.get('/api/invoices/export?format=csv')).status()).toBe(403);
});

test('an unknown invoice is the not-found page', async ({ page }) => {
  await signInAs(page, 'finance');
  await page.goto('/invoices/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});
