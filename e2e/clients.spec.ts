import { expect, test } from '@playwright/test';
import { draftEntryOf } from '../lib/decisions/testing';
import { DEMO_API_KEY, DEMO_CLIENTS, PACIFIC_API_KEY } from '../sandbox/demo';
import { expectNoAxeViolations } from './axe';
import { type ServiceEvent, serviceUrl } from './service';
import { signInAs } from './session';

/**
 * Many clients in one console (spec: Authentication 1, a key identifies one client; rule 2, each
 * client's data is its own). The demo starts with two clients. An administrator gives a new
 * paralegal one of them, who then never sees the other's renewals or patents; a manager working for
 * both switches between them, and a draft holding renewals of both goes as one batch per client.
 */

const [EUROPE, PACIFIC] = DEMO_CLIENTS;

/** An open renewal of one client, read from the service with that client's key. */
async function openRenewal(apiKey: string): Promise<ServiceEvent> {
  const patents = (await (
    await fetch(`${serviceUrl()}/api/v2/external/patents?itemsPerPage=100`, {
      headers: { 'x-api-key': apiKey },
    })
  ).json()) as { data: { id: string }[] };
  // From the end of the list: the journeys about the first client's usual renewals keep theirs.
  for (const patent of [...patents.data].reverse()) {
    const events = (await (
      await fetch(`${serviceUrl()}/api/v2/external/patents/${patent.id}/events`, {
        headers: { 'x-api-key': apiKey },
      })
    ).json()) as ServiceEvent[];
    const open = events.find(
      (event) =>
        event.eventType === 'RENEWAL' && event.instructability?.allowedDecisions.includes('SKIP_THIS_TIME'),
    );
    if (open) return open;
  }
  throw new Error('no open renewal for this client');
}

test('each user sees only their clients, and a draft of two clients goes as two batches', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  expect(EUROPE && PACIFIC).toBeTruthy();
  const europe = await openRenewal(DEMO_API_KEY);
  const pacific = await openRenewal(PACIFIC_API_KEY);

  // This journey's users have chosen no client yet (the suite's other journeys chose the first).
  await page.context().clearCookies();
  // The administrator finds both demo clients, each with its own key and copy.
  await signInAs(page, 'admin', '/admin/connection');
  const clients = page.getByRole('table', { name: 'Clients' });
  await expect(clients.getByRole('rowheader', { name: EUROPE?.name ?? '' })).toBeVisible();
  await expect(clients.getByRole('rowheader', { name: PACIFIC?.name ?? '' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A new paralegal who works for the Pacific client only.
  await page.goto('/admin');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add user' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Name').fill('Paula Pacific');
  await create.getByLabel('Email').fill('paula@demo.test');
  await create.getByLabel('Role').selectOption('paralegal');
  await create.getByLabel('First password').fill('paula first password');
  // With several clients the form ticks none: the administrator says which.
  await expect(create.getByLabel(EUROPE?.name ?? '')).not.toBeChecked();
  await create.getByLabel(PACIFIC?.name ?? '').check();
  await create.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('row', { name: /paula@demo\.test/ })).toContainText(PACIFIC?.name ?? '');
  await expect(page.getByRole('row', { name: /paula@demo\.test/ })).not.toContainText(EUROPE?.name ?? '');
  await expectNoAxeViolations(page);

  const paula = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  await paula.goto('/sign-in');
  await paula.getByLabel('Email').fill('paula@demo.test');
  await paula.getByLabel('Password').fill('paula first password');
  await paula.getByRole('button', { name: 'Sign in' }).click();
  await expect(paula).toHaveURL(/\/account\?required=1/);
  await paula.getByLabel('Current password').fill('paula first password');
  await paula.getByLabel('New password', { exact: true }).fill('paula chose this herself');
  await paula.getByLabel('Repeat the new password').fill('paula chose this herself');
  await paula.getByRole('button', { name: /change password/i }).click();
  await paula.waitForURL((url) => !url.pathname.startsWith('/account'));
  // One client: nothing to switch between.
  await expect(paula.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
  // Her client's renewal is in her month view; the other client's is not, in the page or its data.
  await paula.goto(`/renewals?month=${pacific.dueDate.slice(0, 7)}`);
  await expect(paula.locator(`tr[data-event-id="${pacific.id}"]`)).toHaveCount(1);
  const otherMonth = await paula.request.get(`/api/renewals?month=${europe.dueDate.slice(0, 7)}`);
  expect(await otherMonth.text()).not.toContain(europe.id);
  // The other client's patent and its renewal's fees do not exist for her.
  const otherPatent = await paula.goto(`/portfolio/${europe.patent.id}`);
  expect(otherPatent?.status()).toBe(404);
  const fees = await paula.request.get(`/api/patents/${europe.patent.id}/events/${europe.id}/fees`);
  expect(fees.status()).toBe(404);
  await paula.close();

  // A manager works for both: the header's switcher narrows every page, and remembers the choice.
  // A context of its own: axe needs one, and the manager's session is not the admin's.
  const managerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager', '/renewals/batches');
  const switcher = manager.getByRole('combobox', { name: 'Client' });
  await expect(switcher.getByRole('option')).toHaveText([
    'All clients',
    EUROPE?.name ?? '',
    PACIFIC?.name ?? '',
  ]);
  const chosen = manager.waitForResponse((response) => response.url().endsWith('/api/account/client'));
  await switcher.selectOption({ label: PACIFIC?.name ?? '' });
  expect((await chosen).status()).toBe(200);
  await manager.reload();
  await expect(manager.getByRole('combobox', { name: 'Client' })).toHaveValue(PACIFIC?.id ?? '');
  const all = manager.waitForResponse((response) => response.url().endsWith('/api/account/client'));
  await manager.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'All clients' });
  expect((await all).status()).toBe(200);

  // A draft with a renewal of each client: the review says it goes as two batches, one per client.
  const headers = { origin: new URL(manager.url()).origin };
  const drafted = await manager.request.put('/api/decisions/draft', {
    headers,
    data: {
      entries: [
        draftEntryOf(europe, 'SKIP_THIS_TIME', { estimate: false }),
        draftEntryOf(pacific, 'SKIP_THIS_TIME', { estimate: false }),
      ],
    },
  });
  expect(drafted.ok()).toBe(true);
  await manager.goto('/renewals/review');
  await expect(manager.getByRole('heading', { name: 'Sent as 2 batches, one per client' })).toBeVisible();
  await expectNoAxeViolations(manager);
  await manager.getByRole('button', { name: /^Send 2 decisions/ }).click();
  await manager.waitForURL(/\/renewals\/batches\/[0-9a-f-]{36}\?also=/);
  await expect(manager.getByText('The draft went as one batch per client.')).toBeVisible();
  await manager.getByRole('link', { name: /’s batch \(1 decision\)/ }).click();
  await expect(manager).toHaveURL(/\/renewals\/batches\/[0-9a-f-]{36}$/);
  await managerContext.close();

  // Each renewal now carries the decision at its own client, read with that client's own key.
  for (const [event, key] of [
    [europe, DEMO_API_KEY],
    [pacific, PACIFIC_API_KEY],
  ] as const) {
    const read = (await (
      await fetch(`${serviceUrl()}/api/v2/external/patents/${event.patent.id}/events/${event.id}`, {
        headers: { 'x-api-key': key },
      })
    ).json()) as ServiceEvent;
    expect(read.appliedDecision).toBe('SKIP_THIS_TIME');
  }
});

test('rate freezes follow the one choice of client, the one in the sidebar', async ({ browser }) => {
  // A context of its own, with no client chosen yet: every client of the manager's is in view.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const manager = await context.newPage();
  await signInAs(manager, 'manager', '/rate-freezes');
  const clientMenus = manager.getByRole('combobox', { name: 'Client' });
  // A freeze is one client's: the page asks for the sidebar's choice and offers none of its own.
  await expect(manager.getByText(/Choose a client in the Client menu/)).toBeVisible();
  await expect(clientMenus).toHaveCount(1);
  await expect(clientMenus).toHaveValue('');

  // A link naming a client (Today's months that can be frozen) opens that client's freezes, named.
  await manager.goto(`/rate-freezes?client=${PACIFIC?.id}`);
  await expect(manager.getByText(`For ${PACIFIC?.name}:`)).toBeVisible();
  await expect(clientMenus).toHaveCount(1);

  // Choosing the other client in the sidebar: the page follows it, whatever the address still says.
  const chosen = manager.waitForResponse((response) => response.url().endsWith('/api/account/client'));
  await clientMenus.selectOption({ label: EUROPE?.name ?? '' });
  expect((await chosen).status()).toBe(200);
  await expect(manager.getByText(`For ${PACIFIC?.name}:`)).toHaveCount(0);
  await expect(manager.getByRole('table').getByRole('row')).toHaveCount(14);
  await expect(clientMenus).toHaveCount(1);
  await expect(clientMenus.locator('option:checked')).toHaveText(EUROPE?.name ?? '');
  await context.close();
});
