import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { signInAs } from './session';

/**
 * Saved views and the command palette: a paralegal saves a filtered portfolio view and
 * shares it; a manager applies it from the Views menu and from the palette (Ctrl+K), with the
 * keyboard alone.
 */
test('a shared portfolio view is applied by a second user from the menu and from the command palette', async ({
  page,
  browser,
}) => {
  // A name of this run: a dashboard reused between runs keeps the views of the last one.
  const name = `EP search, 50 a page ${Date.now().toString(36)}`;
  await signInAs(page, 'paralegal', '/portfolio');
  await page.goto('/portfolio?q=ep&size=50&page=2');
  const views = page.getByRole('button', { name: /^Views/ });
  // The menu's code loads after hydration (a deferred part): until then the button is its placeholder.
  await expect(views).toHaveAttribute('data-state', 'closed');
  await views.click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const save = page.getByRole('dialog', { name: 'Save the current view' });
  await save.getByLabel('Name').fill(name);
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(save).toBeHidden();

  // Share it, and copy its link: the page's own query, without the page number.
  await views.click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Views of the portfolio page' });
  await manage.getByRole('checkbox', { name: `Shared (${name})` }).check();
  await expect(manage.getByRole('status')).toContainText('is shared with everyone');
  await manage.getByRole('button', { name: `Copy link to ${name}` }).click();
  await expect(manage.getByRole('status')).toContainText(/copied|Copy this link/);
  await page.keyboard.press('Escape');

  // A manager finds it in the menu, marked with its owner, and applies it.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager', '/portfolio');
  const managerViews = manager.getByRole('button', { name: /^Views/ });
  await expect(managerViews).toHaveAttribute('data-state', 'closed');
  await managerViews.click();
  const item = manager.getByRole('menuitem', { name: new RegExp(`^${name}`) });
  await expect(item).toContainText('by Paula Paralegal');
  await item.click();
  await expect(manager).toHaveURL(/\/portfolio\?size=50&q=ep$/);
  await expect(manager.locator('caption')).toContainText('Patents matching “ep”');

  // From another page, with the keyboard alone: Ctrl+K, type, arrows, Enter.
  await manager.goto('/');
  // The key listener is there once the page has hydrated.
  await manager.waitForLoadState('networkidle');
  await manager.keyboard.press('Control+k');
  const palette = manager.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('combobox', { name: 'Go to, run or search' });
  await expect(field).toBeFocused();
  await expect(palette.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await expectNoAxeViolations(manager);

  // The arrows move the active option; the field keeps the focus.
  const first = await field.getAttribute('aria-activedescendant');
  await manager.keyboard.press('ArrowDown');
  await expect(field).not.toHaveAttribute('aria-activedescendant', first ?? '');
  await manager.keyboard.press('ArrowUp');
  await expect(field).toHaveAttribute('aria-activedescendant', first ?? '');
  await expect(field).toBeFocused();

  await manager.keyboard.type(name.slice(0, 14));
  const option = palette.getByRole('option', { name: new RegExp(name) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await manager.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(manager).toHaveURL(/\/portfolio\?size=50&q=ep$/);

  // Esc closes; typing a number offers the portfolio search; a section is one Enter away.
  await manager.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await manager.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await manager.keyboard.press('Control+k');
  await manager.keyboard.type('invoices');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName('Invoices');
  await manager.keyboard.press('Enter');
  await expect(manager).toHaveURL(/\/invoices/);
  await manager.keyboard.press('Control+k');
  await manager.keyboard.type('EP 1234');
  await expect(palette.getByRole('option', { name: 'Search the portfolio for “EP 1234”' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await manager.keyboard.press('Enter');
  await expect(manager).toHaveURL(/\/portfolio\?q=EP(\+|%20)1234$/);
  await managerContext.close();

  // Only its owner deletes it, after confirming.
  await page.getByRole('button', { name: /^Views/ }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  await manage.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(manage.getByRole('status')).toContainText(`Deleted “${name}”.`);
});
