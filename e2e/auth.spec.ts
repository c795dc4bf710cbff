import { expect, test } from '@playwright/test';
import { DEMO_CLIENTS } from '../sandbox/demo';
import { expectNoAxeViolations } from './axe';
import { demoUser, signInAs } from './session';

const [FIRST_CLIENT] = DEMO_CLIENTS as [(typeof DEMO_CLIENTS)[number]];

const SECTIONS = ['Today', 'Renewals', 'Portfolio', 'Tracking', 'Invoices', 'Rate freezes', 'Admin'] as const;

const VISIBLE: Record<'paralegal' | 'finance' | 'manager' | 'admin', { home: RegExp; sections: string[] }> = {
  // Every role starts on Today, which shows it its own work.
  paralegal: { home: /:\d+\/$/, sections: ['Today', 'Renewals', 'Portfolio', 'Tracking'] },
  finance: { home: /:\d+\/$/, sections: ['Today', 'Renewals', 'Portfolio', 'Invoices'] },
  manager: {
    home: /:\d+\/$/,
    sections: ['Today', 'Renewals', 'Portfolio', 'Tracking', 'Invoices', 'Rate freezes'],
  },
  admin: { home: /:\d+\/$/, sections: ['Today', 'Admin'] },
};

test('a signed-out visitor is sent to sign in and back to the page they asked for', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fportfolio/);
  await expectNoAxeViolations(page);
  await signInAs(page, 'paralegal', '/portfolio');
  await expect(page).toHaveURL(/\/portfolio$/);
});

test('a wrong password is refused with a message and no session', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('paralegal@demo.test');
  await page.getByLabel('Password').fill('definitely not it');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not correct' })).toBeVisible();
  await page.goto('/renewals');
  await expect(page).toHaveURL(/\/sign-in/);
});

for (const [role, expected] of Object.entries(VISIBLE)) {
  test(`${role} sees only their sections and can sign out`, async ({ page }) => {
    await signInAs(page, role as keyof typeof VISIBLE);
    await expect(page).toHaveURL(expected.home);
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const section of SECTIONS) {
      const link = nav.getByRole('link', { name: section, exact: true });
      if (expected.sections.includes(section)) await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in/);
  });
}

test('a role without the permission gets the 403 page, not the section', async ({ page }) => {
  await signInAs(page, 'paralegal');
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed for your role' })).toBeVisible();
  const denied = await page.request.get('/api/admin/users');
  expect(denied.status()).toBe(403);
});

test('an administrator adds a user who can then sign in with the given role', async ({ page, browser }) => {
  // Today is the start page: the user list is one step further.
  await signInAs(page, 'admin', '/admin');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Nina New');
  // An email already taken is refused; the refusal goes once the email is changed.
  await dialog.getByLabel('Email').fill(demoUser('finance').email);
  await dialog.getByLabel('Role').selectOption('finance');
  await dialog.getByLabel('First password').fill('nina first password');
  // The demo has two clients, so the form ticks none: the administrator says which she works for.
  await dialog.getByLabel(FIRST_CLIENT.name).check();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const taken = dialog.getByText(/with this email exists/);
  await expect(taken).toBeVisible();
  await dialog.getByLabel('Email').fill('nina@demo.test');
  await expect(taken).toBeHidden();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('cell', { name: 'nina@demo.test', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /nina@demo\.test/ })).toContainText(FIRST_CLIENT.name);
  await expectNoAxeViolations(page);

  const other = await browser.newPage();
  await other.goto('/sign-in');
  await other.getByLabel('Email').fill('nina@demo.test');
  await other.getByLabel('Password').fill('nina first password');
  await other.getByRole('button', { name: 'Sign in' }).click();
  // A password an administrator chose must be replaced before anything else.
  await expect(other).toHaveURL(/\/account\?required=1/);
  await other.getByLabel('Current password').fill('nina first password');
  await other.getByLabel('New password', { exact: true }).fill('nina chose this herself');
  await other.getByLabel('Repeat the new password').fill('nina chose this herself');
  await other.getByRole('button', { name: /change password/i }).click();
  // Today shows a finance user the finance section, and no other role's.
  await expect(other).toHaveURL(/:\d+\/$/);
  await expect(other.getByRole('region', { name: 'Invoices and billing', exact: true })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Administration', exact: true })).toHaveCount(0);
  await other.close();

  await page.goto('/admin/audit?action=users.create');
  await expect(page.getByRole('cell', { name: 'nina@demo.test' })).toBeVisible();
});

test('a role change and a deactivation each wait for a confirmation that says what they do', async ({
  page,
}) => {
  await signInAs(page, 'admin', '/admin');
  await page.getByRole('button', { name: 'Add user' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Name').fill('Rita Role');
  await create.getByLabel('Email').fill('rita@demo.test');
  await create.getByLabel('Role').selectOption('paralegal');
  await create.getByLabel('First password').fill('rita first password');
  await create.getByRole('button', { name: 'Add user' }).click();
  const role = page.getByLabel('Role of rita@demo.test');
  await expect(role).toHaveValue('paralegal');

  // Cancelling leaves the role as it was, on the page and on the server.
  await role.selectOption('finance');
  const confirm = page.getByRole('dialog', { name: 'Make Rita Role a Finance?' });
  await expect(confirm).toContainText('Gains: Invoices');
  await expect(confirm).toContainText('Loses: Tracking');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Role of rita@demo.test')).toHaveValue('paralegal');

  await page.getByLabel('Role of rita@demo.test').selectOption('finance');
  await page.getByRole('button', { name: 'Change role to Finance' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Role of rita@demo.test')).toHaveValue('finance');

  await page.getByRole('button', { name: 'Deactivate rita@demo.test' }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate Rita Role?' });
  await expect(deactivate).toContainText('signed out at once');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(deactivate).toBeHidden();
  await expect(page.getByRole('row', { name: /rita@demo\.test/ })).toContainText('Deactivated');
});
