import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInAs } from './session';

/**
 * The administrator's chat channels: a plain-http webhook is refused by name, an https one is
 * added and shown by its host only (the URL is the credential), its classes are chosen, and it is
 * removed. Keyboard and axe as everywhere.
 */
test('an administrator adds a chat channel, shown by host only, and removes it', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/channels');
  await expect(page.getByRole('heading', { name: 'Chat channels' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill('Renewals team');
  await page.getByLabel('Kind').selectOption('teams');
  await page.getByLabel('Webhook URL (https)').fill('http://hooks.example.com/webhook/SECRET');
  await page.getByRole('button', { name: 'Add the channel' }).click();
  await expect(page.getByText(/^The webhook URL must be https/)).toBeVisible();

  await page.getByLabel('Webhook URL (https)').fill('https://hooks.example.com/webhook/SECRET');
  await page.getByRole('checkbox', { name: 'Due soon' }).check();
  await page.getByRole('button', { name: 'Add the channel' }).press('Enter');
  await expect(page.getByText('Channel “Renewals team” added.')).toBeVisible();
  const listed = page.getByRole('listitem').filter({ hasText: 'Renewals team' });
  await expect(listed).toContainText('hooks.example.com');
  await expect(page.locator('body')).not.toContainText('SECRET');
  await expect(listed.getByRole('checkbox', { name: 'Due soon' })).toBeChecked();
  await expectNoAxeViolations(page);

  await listed.getByRole('button', { name: 'Remove Renewals team' }).click();
  await expect(page.getByText('“Renewals team” removed.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Renewals team' })).toHaveCount(0);
});
