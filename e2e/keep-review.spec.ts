import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addMonths, currentYearMonth } from '../lib/format/dates';
import { expectNoAxeViolations } from './axe';
import { forecastAttempt, refreshForecastOnPage } from './forecast';
import { monthEvents, type ServiceEvent } from './service';
import { demoUser, signInAs } from './session';

/**
 * A manager weighs which renewals to keep: the reviews page lists next quarter's renewals lowest
 * keep score first; three go under review for a paralegal, the committee pack names them; then a
 * scenario (two patents tagged for it) becomes two DROPs in the manager's draft. What the journey
 * adds (holds, tag, DROPs) is taken away at the end, so other journeys find the state they expect.
 */
test('a manager puts the weakest renewals of next quarter under review, exports the committee pack and drafts two DROPs from a scenario', async ({
  page,
}) => {
  // The scenario reads the stored forecast: a refresh (a year of period lists) when none is done yet.
  test.setTimeout(240_000);
  await signInAs(page, 'manager', '/renewals/reviews');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const origin = new URL(page.url()).origin;

  // Candidates: lowest keep score first.
  const form = page.getByRole('form', { name: 'Put renewals under review' });
  const rows = form.getByRole('row').filter({ has: page.getByRole('checkbox') });
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  const scores = (await rows.evaluateAll((elements) =>
    elements.slice(0, 10).map((row) => Number(row.querySelectorAll('td')[3]?.textContent ?? 'NaN')),
  )) as number[];
  expect(scores.length).toBeGreaterThanOrEqual(3);
  expect(scores).toEqual([...scores].sort((a, b) => a - b));
  await expectNoAxeViolations(page);

  // The three lowest not yet under review go to the paralegal.
  const free = rows.filter({ has: page.locator('input[type=checkbox]:not([disabled])') });
  const chosen: { eventId: string; label: string }[] = [];
  for (let index = 0; index < 3; index++) {
    const row = free.nth(index);
    chosen.push({
      eventId: (await row.getAttribute('data-event-id')) as string,
      label: (await row.getByRole('link').first().textContent()) as string,
    });
  }
  for (const item of chosen) await form.getByRole('checkbox', { name: `Select ${item.label}` }).check();
  const paralegal = demoUser('paralegal');
  await form.getByLabel('Owner').selectOption({ label: `${paralegal.name} (paralegal)` });
  await form.getByLabel('Decision asked for').selectOption('drop');
  await form.getByRole('button', { name: 'Put 3 under review' }).click();
  const underReview = page.getByRole('table', { name: 'Renewals under review' });
  for (const item of chosen) {
    await expect(underReview.locator(`tr[data-event-id="${item.eventId}"]`)).toContainText(paralegal.name);
  }

  // The committee pack names them, with the decision asked for.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Committee pack (XLSX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^committee-pack-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = (workbook.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
  const header = (sheet[0] ?? []).map(String);
  const at = (name: string) => header.indexOf(name);
  for (const item of chosen) {
    const line = sheet.find((row) => row[at('Renewal id')] === item.eventId);
    expect(line, item.label).toBeDefined();
    expect(line?.[at('Decision asked for')]).toBe('Drop');
    expect(line?.[at('Keep score')]).toEqual(expect.any(Number));
  }

  // Two patents whose next renewal the service opens for DROP now, tagged for the scenario.
  const months = [0, 1, 2].map((offset) => addMonths(currentYearMonth(), offset));
  const events = (await Promise.all(months.map((month) => monthEvents(month)))).flat();
  const draftBefore = (await (await page.request.get('/api/decisions/draft')).json()) as {
    entries: { eventId: string }[];
  };
  const inDraft = new Set(draftBefore.entries.map((entry) => entry.eventId));
  const firstOf = new Map<string, ServiceEvent>();
  for (const event of events.sort((a, b) => a.dueDate.localeCompare(b.dueDate)))
    if (event.eventType === 'RENEWAL' && event.appliedDecision === null && !firstOf.has(event.patent.id))
      firstOf.set(event.patent.id, event);
  const droppable = [...firstOf.values()].filter(
    (event) =>
      event.instructability?.isAllowed &&
      event.instructability.allowedDecisions.includes('DROP') &&
      !inDraft.has(event.id),
  );
  const held = new Set(chosen.map((item) => item.eventId));
  const two = [...droppable.filter((event) => held.has(event.id)), ...droppable].filter(
    (event, index, all) => all.findIndex((other) => other.id === event.id) === index,
  );
  const pair = two.slice(0, 2);
  expect(pair).toHaveLength(2);
  const tag = `committee-${Date.now()}`;
  const tagged = await page.request.post('/api/tags', {
    headers: { origin },
    data: { scope: 'patent', targets: pair.map((event) => event.patent.id), add: [tag] },
  });
  expect(tagged.status()).toBe(200);

  if ((await forecastAttempt(page)) !== 'done') await refreshForecastOnPage(page);

  await page.goto(`/analytics/scenarios?tag=${tag}`);
  await expect(page.getByRole('heading', { name: /^Stopping 2 patents,/ })).toBeVisible();
  await page.getByRole('button', { name: 'Put these DROPs in my draft' }).click();
  await expect(page.getByText('2 DROPs added to your draft')).toBeVisible();
  const draft = (await (await page.request.get('/api/decisions/draft')).json()) as {
    batchKey: string;
    entries: { eventId: string; decision: string }[];
  };
  const drops = draft.entries.filter((entry) => pair.some((event) => event.id === entry.eventId));
  expect(drops.map((entry) => entry.decision)).toEqual(['DROP', 'DROP']);

  // Leave the state as found: the DROPs out of the draft, the tag and the holds removed.
  const rest = draft.entries.filter((entry) => !pair.some((event) => event.id === entry.eventId));
  expect(
    (
      await page.request.put('/api/decisions/draft', {
        headers: { origin },
        data: { entries: rest, basedOn: draft.batchKey },
      })
    ).status(),
  ).toBe(200);
  await page.request.post('/api/tags', {
    headers: { origin },
    data: { scope: 'patent', targets: pair.map((event) => event.patent.id), remove: [tag] },
  });
  const holds = (
    (await (await page.request.get('/api/reviews')).json()) as {
      holds: { id: string; eventId: string }[];
    }
  ).holds.filter((hold) => held.has(hold.eventId));
  for (const hold of holds)
    expect((await page.request.delete(`/api/reviews/${hold.id}`, { headers: { origin } })).status()).toBe(
      200,
    );
});
