import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInAs } from './session';

test('the shell navigates between sections and survives on every page', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
});

test('"?" lists the keyboard shortcuts on any page, not only the month view', async ({ page }) => {
  await signInAs(page, 'paralegal', '/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  await expect(page.locator('html[data-shortcuts="on"]')).toHaveCount(1);
  await page.locator('main').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('region', { name: 'Anywhere on the page' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // "g t" goes to Today from here too.
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('an unknown address shows the not-found page with a way back', async ({ page }) => {
  await signInAs(page, 'paralegal');
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your start page' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/sign-in');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sections are one Menu away, and the menu closes once one is chosen', async ({ page }) => {
    await signInAs(page, 'paralegal');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The sidebar is hidden below 768 px; nothing else may hide the sections.
    await expect(nav).toBeHidden();
    const menu = page.locator('summary', { hasText: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

test.describe('on a 390 px phone', () => {
  const PHONE = 390;
  test.use({ viewport: { width: PHONE, height: 844 } });

  /** Every section of a role, and one invoice: none is wider than the screen. */
  const PAGES = {
    finance: ['/', '/invoices', '/portfolio', '/renewals', '/renewals/batches', '/notifications', '/account'],
    manager: ['/', '/approvals', '/analytics', '/analytics/forecast', '/analytics/budget', '/rate-freezes'],
    paralegal: ['/tracking'],
    admin: ['/admin', '/admin/audit', '/admin/approvals', '/admin/connection', '/admin/outbox'],
  } as const;

  for (const [role, paths] of Object.entries(PAGES)) {
    test(`no page of the ${role} is wider than the screen`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInAs(page, role as keyof typeof PAGES);
      const wider: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > PHONE) wider.push(`${path}: ${width} px`);
      };
      for (const path of paths) await visit(path);
      if (role === 'finance') {
        await page.goto('/invoices');
        const first = page.locator('table').first().locator('tbody tr a').first();
        await visit((await first.getAttribute('href')) as string);
      }
      expect(wider, 'pages wider than a 390 px screen').toEqual([]);
    });
  }
});

test('a chosen format makes every date read that way, and the browser decides again when unchosen', async ({
  page,
}) => {
  await signInAs(page, 'paralegal', '/account');
  const format = page.getByLabel('Dates and numbers');
  await format.selectOption({ label: 'Deutsch (Deutschland)' });
  await expect(page.getByTestId('locale-sample')).toHaveText('3. Dez. 2026 · 1.234,50');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByText('Saved. Every page now uses this format.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Today's due dates now read the German way (only the formats change, not the words).
  await page.goto('/');
  await expect(page.getByText(/due \d{1,2}\. [A-Z][a-zä]{2,3}\.? \d{4}/).first()).toBeVisible();

  await page.goto('/account');
  await expect(format).toHaveValue('de-DE');
  await format.selectOption('browser');
  await page.getByRole('button', { name: 'Save format' }).click();
  await expect(page.getByText('Saved. Every page now uses this format.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(/ · due /).first()).toBeVisible();
  await expect(page.getByText(/due \d{1,2}\. [A-Z][a-zä]{2,3}\.? \d{4}/)).toHaveCount(0);
});
