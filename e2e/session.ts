import { type Page, test } from '@playwright/test';
import type { Role } from '../lib/policy/roles';
import { DEMO_USERS } from '../lib/server/auth/demo-users';

export function demoUser(role: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo user for ${role}`);
  return user;
}

/**
 * Signs in as the sign-in form does, without drawing the form: the same POST /api/session (the
 * session cookie lands in the page's browser context), then the page it answers to go to. The form
 * itself is a journey of its own (auth.spec.ts); here it would cost every journey a page load.
 */
export async function signInAs(page: Page, role: Role, next?: string): Promise<void> {
  const user = demoUser(role);
  const response = await page.request.post('/api/session', {
    data: { email: user.email, password: user.password, ...(next ? { next } : {}) },
    // Our routes refuse a write whose Origin is not the dashboard's own (lib/server/http/route.ts).
    headers: { origin: new URL(test.info().project.use.baseURL ?? '').origin },
  });
  if (!response.ok())
    throw new Error(`sign-in as ${role} failed: ${response.status()} ${await response.text()}`);
  const { redirectTo } = (await response.json()) as { redirectTo: string };
  // Until the landing page is idle: the journey's next step then meets a hydrated page, and its next
  // navigation does not abort this one.
  await page.goto(redirectTo, { waitUntil: 'networkidle' });
}
