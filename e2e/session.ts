import type { Page } from '@playwright/test';
import type { Role } from '../lib/policy/roles';
import { DEMO_USERS } from '../lib/server/auth/demo-users';

export function demoUser(role: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user for ${role}`);
  return user;
}

/** Signs in through the real sign-in page, as a person would. */
export async function signInAs(page: Page, role: Role, next?: string): Promise<void> {
  const user = demoUser(role);
  await page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The start page may redirect once more (the month view adds its default month): wait until the
  // landing page has loaded, so the test's next navigation does not abort this one.
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}
