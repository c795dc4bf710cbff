import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_API_KEY } from '../sandbox/demo';
import { signInAs } from './session';

// The suite's dashboard runs with the stand-in service's demo key as ANNUITY_API_KEY.
const KEY = DEMO_API_KEY;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

test('the API key is in no browser bundle', () => {
  const staticDir = path.join(process.cwd(), '.next', 'static');
  const shipped = [...files(staticDir)];
  expect(shipped.length).toBeGreaterThan(10);
  const leaking = shipped.filter((file) => readFileSync(file, 'latin1').includes(KEY));
  expect(leaking).toEqual([]);
});

test('the API key is in no page, script or response a signed-in user receives', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    try {
      bodies.push(`${response.url()}\n${JSON.stringify(response.headers())}\n${await response.text()}`);
    } catch {
      // Redirects and aborted requests have no body.
    }
  });
  for (const role of ['manager', 'admin'] as const) {
    await signInAs(page, role);
    for (const href of [
      '/renewals',
      '/portfolio',
      '/tracking',
      '/invoices',
      '/analytics',
      '/rate-freezes',
      '/admin',
      '/admin/connection',
      '/admin/audit',
    ]) {
      await page.goto(href);
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  }
  expect(bodies.length).toBeGreaterThan(20);
  expect(bodies.filter((body) => body.includes(KEY)).map((body) => body.split('\n')[0])).toEqual([]);
  expect(bodies.filter((body) => body.includes(KEY.slice(0, 16))).map((body) => body.split('\n')[0])).toEqual(
    [],
  );
});
