import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { demoUser, signInAs } from './session';

/**
 * Reminders: a paralegal sets preferences, the digest falls due, an administrator finds
 * it in the outbox (no SMTP_URL in the journeys' server), and its link opens the bucket on Today.
 *
 * How the digest falls due: the dashboard runs on the machine's clock (the operator API moves only
 * the service's), and the worker's rule is "due from the chosen hour, on the chosen day, in the
 * user's time zone; once per local date" (lib/notifications/rules.ts dueDigest). So the paralegal
 * chooses a weekly digest on today's weekday in Auckland from 00:00, which is due from the moment
 * it is saved, under a rule (`digest-weekly`) no default preference has used. Rather than wait for
 * the notify job's next 5-minute slot, the administrator runs the background checks now from the
 * outbox, the same poll and rules the worker runs: once before the change (what was already due
 * with the old preferences, pages of reminders on a fresh start, is sent then, and no weekly digest
 * is among it) and once after. Whichever of the run and the worker evaluates first claims the
 * message; either way it is in the outbox once, and the newest there.
 */
const TIME_ZONE = 'Pacific/Auckland';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function localWeekday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(new Date());
}

async function asAdmin(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, 'admin', '/admin/outbox');
  return { page, close: () => context.close() };
}

/** The administrator's "run the background checks now", waited for until it reports. */
async function runChecksNow(page: Page) {
  const button = page.getByRole('button', { name: 'Run the background checks now' });
  await button.click();
  await expect(page.getByTestId('background-run-outcome')).toContainText('emails created', {
    timeout: 120_000,
  });
  // The rows as they are now, whatever the button's refresh is doing.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
}

/** The digest's row in the outbox: the paralegal's weekly digest. */
function digestRow(page: Page) {
  return page
    .getByRole('row')
    .filter({ hasText: demoUser('paralegal').email })
    .filter({ has: page.getByRole('link', { name: /^Weekly renewals digest for / }) })
    .first();
}

test('a paralegal sets a digest, it falls due, and its link opens the bucket on Today', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two polls of the service and pages of reminders: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  let original: unknown = null;
  const admin = await asAdmin(browser, baseURL);
  try {
    // Everything already due under the current preferences: no weekly digest among it.
    await expect(admin.page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await runChecksNow(admin.page);
    await expect(digestRow(admin.page)).toHaveCount(0);

    // Preferences, through the form: email on, weekly on today's weekday in Auckland, from 00:00.
    // The paralegal works for both demo clients and has chosen none: the digest and Today agree.
    await page.context().clearCookies();
    await signInAs(page, 'paralegal', '/settings/notifications');
    const before = await page.request.get('/api/preferences/notifications');
    expect(before.status()).toBe(200);
    original = await before.json();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('By email').check();
    await page.getByLabel('How often').selectOption({ label: 'Once a week' });
    const weekday = localWeekday(TIME_ZONE);
    expect(WEEKDAYS).toContain(weekday);
    await page.getByLabel('Day (weekly)').selectOption({ label: weekday });
    await page.getByLabel('From', { exact: true }).selectOption({ label: '00:00' });
    await page.getByLabel('Your time zone').fill(TIME_ZONE);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.locator('#preferences-status')).toHaveText('Preferences saved.');
    // Saved on the server: a fresh load shows them.
    await page.reload();
    await expect(page.getByLabel('How often')).toHaveValue('weekly');
    await expect(page.getByLabel('Your time zone')).toHaveValue(TIME_ZONE);

    // The digest falls due: the administrator runs the checks again, and there it is.
    await runChecksNow(admin.page);
    await expect(digestRow(admin.page)).toBeVisible();
    await expectNoAxeViolations(admin.page);
    await digestRow(admin.page)
      .getByRole('link', { name: /^Weekly renewals digest for / })
      .click();
    await expect(admin.page).toHaveURL(/\/admin\/outbox\/[0-9a-f-]{36}$/);
    // The rule and the local date it is for: the paralegal's choice, not a default.
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    await expect(admin.page.getByText(`digest-weekly · ${localDate}`)).toBeVisible();
    await expectNoAxeViolations(admin.page);
    const body = (await admin.page.locator('pre').textContent()) ?? '';

    // Its first "open all" link: a bucket on Today, with the count the digest gives.
    const match = body.match(/- Open all (\d+) in "([^"]+)" on Today\n\s+(\S+)/);
    expect(match, body).not.toBeNull();
    const [, count, title, url] = match as RegExpMatchArray;
    const target = new URL(url as string);
    expect(target.pathname).toBe('/');
    const bucketId = target.searchParams.get('bucket');
    expect(bucketId).toBeTruthy();
    expect(target.hash).toBe(`#bucket-${bucketId}`);
    // The renewal the digest names first in that section.
    const section = body.slice(0, match?.index);
    const firstItem = section
      .split(`${title}: ${count}`)
      .at(-1)
      ?.match(/\n- ([^\n]+?)(?: \([A-Z]{2,}\))?, year /)?.[1]
      // With several clients the digest puts the client first ("Client — reference").
      ?.split(' — ')
      .at(-1);

    // The paralegal follows the link (the dashboard's own origin: the message's base may differ).
    await page.goto(`${target.pathname}${target.search}${target.hash}`);
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    const bucket = page.locator(`[data-bucket="${bucketId}"]`);
    await expect(bucket).toHaveAttribute('data-focused', 'true');
    await expect(bucket).toBeFocused();
    await expect(bucket.getByRole('heading', { level: 2 }).first()).toHaveText(
      new RegExp(`^${title} \\(${count}\\)$`),
    );
    // Shown whole, the renewal the digest named among its items.
    if (firstItem)
      await expect(bucket.getByRole('link', { name: firstItem, exact: true }).first()).toBeVisible();
    // No other bucket is focused.
    await expect(page.locator('[data-focused="true"]')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // The digest is in the paralegal's notifications too (the in-app channel stays on).
    await page.goto('/notifications');
    await expect(page.getByRole('link', { name: /^Weekly renewals digest for / }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await admin.close();
    // Leave the paralegal's preferences as the other journeys found them.
    if (original !== null) {
      const reset = await page.request.put('/api/preferences/notifications', {
        headers: { origin: new URL(baseURL ?? page.url()).origin },
        data: original,
      });
      expect(reset.status()).toBe(200);
    }
  }
});
