import { expect, test } from '@playwright/test';
import { SCOPES } from '../lib/annuity/enums';
import { operator } from './service';
import { signInAs } from './session';

/**
 * A first visit while the renewals are read from the service for the first time (a fresh start, a
 * client just added) is no error: Today says how far the read is, shows what is read, and fills
 * in by itself once done, without a reload. A client added now has a copy nothing has read yet, so
 * the journey meets a first read however long its stack has been up; the service is slowed on the
 * period list so that the read outlasts the page's wait.
 */
test.afterEach(async () => {
  await operator.clearFaults();
});

test("Today on a client's first read says how far the read is, never an error, and fills in by itself", async ({
  page,
}) => {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const tenant = `first-visit-${Date.now()}`;
  await operator.createTenant({ name: tenant, patents: 300, seed: 20261207 });
  const { key } = await operator.createKey({ tenant, scopes: [...SCOPES] });

  await signInAs(page, 'admin');
  const added = await page.request.post('/api/admin/clients', {
    headers: { origin },
    data: { name: 'First Visit Instruments', key },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const clientId = ((await added.json()) as { client: { id: string } }).client.id;

  try {
    // Each month's list answers after 3 s: the dozen-odd months of Today take longer than the page
    // waits (8 s), even with the worker's first sync of the client reading beside it, as a first
    // sync of a large portfolio does.
    await operator.setFaults({ latencyMs: 3_000, paths: ['patent-events'] });
    await signInAs(page, 'paralegal');
    // The client chosen in the header's switcher: the same cookie as the one every journey starts with.
    await page.context().addCookies([{ name: 'ac_client', value: clientId, domain: 'localhost', path: '/' }]);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/');
    loads = 0;

    const firstRead = page.getByTestId('first-read');
    const problems = page.getByRole('main').getByRole('alert');
    await expect(firstRead).toContainText(
      /Reading the renewals from the renewal service for the first time: \d+ of \d+ months/,
      { timeout: 30_000 },
    );
    await expect(problems).toHaveCount(0);
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);

    // The service answers quickly again: the page fills in by itself, without a reload.
    await operator.clearFaults();
    await expect(firstRead).toHaveCount(0, { timeout: 90_000 });
    const read = page.getByText(/^From \d+ renewals due/);
    await expect(read).toBeVisible();
    expect(Number((await read.textContent())?.match(/^From (\d+)/)?.[1])).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Renewals that need a decision' })).toBeVisible();
    await expect(problems).toHaveCount(0);
    expect(loads).toBe(0);
  } finally {
    // The other journeys meet the demo's two clients only.
    await operator.clearFaults();
    await signInAs(page, 'admin');
    const retired = await page.request.delete(`/api/admin/clients/${clientId}`, { headers: { origin } });
    expect(retired.ok(), await retired.text()).toBe(true);
  }
});
