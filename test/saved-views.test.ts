import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/lib/db/schema';
import type { SavedViewItem } from '@/lib/views/pages';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/** Saved views through their route handlers: who sees, who changes, what is stored. */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let paralegal: string;
let finance: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  app = await startAppHarness();
  [paralegal, finance, manager, admin] = await Promise.all([
    signIn(app.users.paralegal.email),
    signIn(app.users.finance.email),
    signIn(app.users.manager.email),
    signIn(app.users.admin.email),
  ]);
}, 120_000);
afterAll(async () => app?.stop());

async function create(cookie: string, body: unknown) {
  const { POST } = await import('@/app/api/views/route');
  return POST(jsonRequest('/api/views', { method: 'POST', cookie, body }));
}

async function list(cookie: string, page?: string): Promise<SavedViewItem[]> {
  const { GET } = await import('@/app/api/views/route');
  const response = await GET(jsonRequest(`/api/views${page ? `?page=${page}` : ''}`, { cookie }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { views: SavedViewItem[] }).views;
}

async function change(cookie: string, id: string, body: unknown) {
  const { PATCH } = await import('@/app/api/views/[id]/route');
  return PATCH(jsonRequest(`/api/views/${id}`, { method: 'PATCH', cookie, body }), {
    params: Promise.resolve({ id }),
  });
}

async function remove(cookie: string, id: string) {
  const { DELETE } = await import('@/app/api/views/[id]/route');
  return DELETE(jsonRequest(`/api/views/${id}`, { method: 'DELETE', cookie }), {
    params: Promise.resolve({ id }),
  });
}

async function created(cookie: string, body: Record<string, unknown>): Promise<SavedViewItem> {
  const response = await create(cookie, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { view: SavedViewItem }).view;
}

describe('saved views', () => {
  it('stores the page’s own query, normalised, and lists it to its owner', async () => {
    const view = await created(paralegal, {
      page: 'portfolio',
      name: '  EP search  ',
      // An export's format, a tracking parameter and the page number are no part of a view.
      query: '?q=%20ep1234%20&page=3&format=csv&utm_source=mail&sort=-applicationDate&hide=title',
    });
    expect(view).toMatchObject({ name: 'EP search', page: 'portfolio', shared: false, mine: true });
    expect(view.query).toBe('sort=-applicationDate&q=ep1234&hide=title');
    const mine = await list(paralegal, 'portfolio');
    expect(mine.map((v) => v.name)).toContain('EP search');
  });

  it('shows a shared view to others with its owner, never a private one', async () => {
    const shared = await created(paralegal, { page: 'portfolio', name: 'Team view', query: 'q=acme' });
    await created(paralegal, { page: 'portfolio', name: 'Private view', query: 'q=secret' });
    expect((await list(manager, 'portfolio')).map((v) => v.name)).not.toContain('Team view');

    const response = await change(paralegal, shared.id, { shared: true });
    expect(response.status).toBe(200);
    const seen = await list(manager, 'portfolio');
    expect(seen.find((v) => v.name === 'Team view')).toMatchObject({
      mine: false,
      shared: true,
      ownerName: 'Test paralegal',
      query: 'q=acme',
    });
    expect(seen.map((v) => v.name)).not.toContain('Private view');
  });

  it('lets only the owner rename, share or delete a view; another user’s private view is not found', async () => {
    const view = await created(finance, { page: 'invoices', name: 'Disputed', query: 'status=disputed' });
    expect((await change(manager, view.id, { name: 'Mine now' })).status).toBe(404);
    expect((await remove(manager, view.id)).status).toBe(404);
    await change(finance, view.id, { shared: true });
    // Shared is readable, still not the manager's to delete.
    expect((await remove(manager, view.id)).status).toBe(404);
    expect((await list(manager, 'invoices')).map((v) => v.id)).toContain(view.id);

    const renamed = await change(finance, view.id, { name: 'Disputed invoices' });
    expect(((await renamed.json()) as { view: SavedViewItem }).view.name).toBe('Disputed invoices');
    expect((await remove(finance, view.id)).status).toBe(204);
    expect((await list(manager, 'invoices')).map((v) => v.id)).not.toContain(view.id);
    expect((await list(finance, 'invoices')).map((v) => v.id)).not.toContain(view.id);
  });

  it('answers 409 for a name the owner already uses on the page, on create and on rename', async () => {
    await created(manager, { page: 'renewals', name: 'Grace', query: 'month=2026-12&badge=too-early' });
    const again = await create(manager, { page: 'renewals', name: 'Grace', query: 'month=2027-01' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('view_name_taken');
    // The same name on another page, or another user's, is fine.
    await created(manager, { page: 'portfolio', name: 'Grace', query: '' });
    await created(paralegal, { page: 'renewals', name: 'Grace', query: '' });
    const other = await created(manager, { page: 'renewals', name: 'Other', query: '' });
    expect((await change(manager, other.id, { name: 'Grace' })).status).toBe(409);
  });

  it('refuses a bad request with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ page: 'portfolio', name: '   ', query: '' }, 'name'],
      [{ page: 'portfolio', name: 'x'.repeat(81), query: '' }, 'name'],
      [{ page: 'tracking', name: 'Board', query: '' }, 'page'],
      [{ page: 'portfolio', name: 'Long', query: `q=${'a'.repeat(2001)}` }, 'query'],
    ] as const) {
      const response = await create(paralegal, body);
      expect(response.status, field).toBe(400);
      const problem = (await response.json()) as { errors: { field: string }[] };
      expect(problem.errors.map((e) => e.field)).toEqual([field]);
    }
    const view = await created(paralegal, { page: 'portfolio', name: 'To rename', query: '' });
    const response = await change(paralegal, view.id, { name: '' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('name');
  });

  it('refuses with 403 a page the role cannot read, and lists none of its views', async () => {
    const invoices = await create(paralegal, { page: 'invoices', name: 'Nope', query: '' });
    expect(invoices.status).toBe(403);
    expect(((await invoices.json()) as { code: string }).code).toBe('forbidden_for_role');
    expect((await create(admin, { page: 'portfolio', name: 'Nope', query: '' })).status).toBe(403);
    // The finance user's shared invoice view exists, but the paralegal cannot read invoices.
    await created(finance, { page: 'invoices', name: 'Finance shared', query: '', shared: true });
    expect((await list(paralegal)).some((v) => v.page === 'invoices')).toBe(false);
    expect(await list(admin)).toEqual([]);
  });

  it('audits every change with who made it', async () => {
    const view = await created(manager, { page: 'portfolio', name: 'Audited', query: 'q=x1' });
    await change(manager, view.id, { shared: true, name: 'Audited view' });
    await remove(manager, view.id);
    const rows = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, view.id), eq(auditLog.actorUserId, app.users.manager.id)));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'saved_views.create',
      'saved_views.delete',
      'saved_views.update',
    ]);
    const update = rows.find((row) => row.action === 'saved_views.update');
    expect(update?.details).toMatchObject({
      name: { from: 'Audited', to: 'Audited view' },
      shared: { from: false, to: true },
    });
    const refused = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'saved_views.create'), eq(auditLog.outcome, 'failure')));
    expect(refused.some((row) => row.actorUserId === app.users.paralegal.id)).toBe(true);
  });
});
