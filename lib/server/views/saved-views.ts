/**
 * `lib/server/views/`: saved views of the month view, the portfolio and the invoices: each user's
 * own and those shared (`saved-views.ts`, table `saved_view`); a view is its page's query string
 * normalised by the page's URL state table (`lib/views/view-query.ts`); the page's read permission
 * decides who may save or see views of it; only the owner changes one (another's is a 404);
 * audited as `saved_views.*`.
 */
import 'server-only';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import { getDb } from '../../db';
import { savedView, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { can, type Permission } from '../../policy/roles';
import { SAVED_VIEW_PAGES, type SavedViewItem, type SavedViewPage } from '../../views/pages';
import type { CreateSavedView, UpdateSavedView } from '../../views/saved-view.schema';
import { auditSuccess, recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { clientScopeOf } from '../clients/scope';
import { DomainError } from '../errors/domain-error';
import { NotFoundError } from '../errors/not-found';

/**
 * Saved views of the month view, the portfolio and the invoices: each user's own, and
 * those others chose to share. Anyone who may read a page may save views of it and see the shared
 * ones; only the owner changes or deletes a view. Every change is audited.
 *
 * A view's query may name clients (the lists' `client` parameter). A view naming a client the
 * viewer does not work for does not exist for them (spec: Authentication rule 2, as another
 * client's record is a 404): it is not listed, not opened, and cannot be saved; the pages refuse
 * such a client too, so applying a view never shows more than the viewer's clients.
 */

/** The clients a view's query names (its `client` parameters). */
function clientsNamed(query: string): string[] {
  return new URLSearchParams(query).getAll('client');
}

/** Whether every client the query names is one the user works for. */
function namesOnlyTheirs(query: string, clients: ReadonlySet<string>): boolean {
  return clientsNamed(query).every((client) => clients.has(client));
}

/** The clients the user works for (all of them, whatever the header's choice). */
async function viewerClients(viewer: Viewer): Promise<Set<string>> {
  return new Set((await clientScopeOf(viewer.userId)).clients.map((client) => client.id));
}

/** The read permission of each page: a view of a page is as visible as the page. */
const PAGE_PERMISSION: Readonly<Record<SavedViewPage, Permission>> = {
  renewals: 'renewals:read',
  portfolio: 'portfolio:read',
  invoices: 'invoices:read',
  scenarios: 'analytics:read',
};

export function canUseViewsOf(viewer: Pick<Viewer, 'role'>, page: SavedViewPage): boolean {
  return can(viewer.role, PAGE_PERMISSION[page]);
}

type SavedViewErrorCode = 'forbidden_for_role' | 'view_not_found' | 'view_name_taken';

const SAVED_VIEW_TITLES: Record<SavedViewErrorCode, string> = {
  forbidden_for_role: 'Not allowed for your role',
  view_not_found: 'Not found',
  view_name_taken: 'Name already used',
};

class SavedViewError extends DomainError<SavedViewErrorCode> {
  override name = 'SavedViewError';
  constructor(status: 403 | 404 | 409, code: SavedViewErrorCode, message: string) {
    super({ status, code, title: SAVED_VIEW_TITLES[code], detail: message, auditedByFeature: true });
  }
}

const notFound = () =>
  new SavedViewError(404, 'view_not_found', 'This view does not exist, or it is not yours to change.');
const nameTaken = (name: string) =>
  new SavedViewError(409, 'view_name_taken', `You already have a view named “${name}” on this page.`);

const actorOf = (viewer: Viewer) => ({ userId: viewer.userId, email: viewer.email });

type Row = typeof savedView.$inferSelect;

function itemOf(row: Row, viewer: Viewer, ownerName: string): SavedViewItem {
  return {
    id: row.id,
    page: row.page,
    name: row.name,
    query: row.query,
    shared: row.shared,
    mine: row.ownerId === viewer.userId,
    ownerName,
  };
}

/**
 * The viewer's own views and the views others shared, of the pages the viewer may read (or of one
 * page): their own first, then by name.
 */
export async function listSavedViews(viewer: Viewer, page?: SavedViewPage): Promise<SavedViewItem[]> {
  const pages = (page ? [page] : SAVED_VIEW_PAGES).filter((candidate) => canUseViewsOf(viewer, candidate));
  if (pages.length === 0) return [];
  const db = await getDb();
  const [rows, clients] = await Promise.all([
    db
      .select({ view: savedView, ownerName: user.name })
      .from(savedView)
      .innerJoin(user, eq(user.id, savedView.ownerId))
      .where(or(eq(savedView.ownerId, viewer.userId), eq(savedView.shared, true)))
      .orderBy(asc(savedView.name)),
    viewerClients(viewer),
  ]);
  return rows
    .filter(({ view }) => pages.includes(view.page) && namesOnlyTheirs(view.query, clients))
    .map(({ view, ownerName }) => itemOf(view, viewer, ownerName))
    .sort((a, b) => Number(b.mine) - Number(a.mine));
}

/**
 * One view the viewer may open: their own or a shared one, of `page`, which their role may read.
 * Anything else answers 404, as if it did not exist (another user's private view included).
 */
export async function readSavedView(viewer: Viewer, id: string, page: SavedViewPage): Promise<SavedViewItem> {
  if (!canUseViewsOf(viewer, page)) throw notFound();
  const db = await getDb();
  const [found] = await db
    .select({ view: savedView, ownerName: user.name })
    .from(savedView)
    .innerJoin(user, eq(user.id, savedView.ownerId))
    .where(and(eq(savedView.id, id), eq(savedView.page, page)));
  if (!found || (found.view.ownerId !== viewer.userId && !found.view.shared)) throw notFound();
  if (!namesOnlyTheirs(found.view.query, await viewerClients(viewer))) throw notFound();
  return itemOf(found.view, viewer, found.ownerName);
}

export async function createSavedView(
  viewer: Viewer,
  input: CreateSavedView,
  requestId: string,
): Promise<SavedViewItem> {
  if (!canUseViewsOf(viewer, input.page)) {
    await recordAudit({
      actor: actorOf(viewer),
      action: 'saved_views.create',
      target: input.page,
      outcome: 'failure',
      requestId,
      details: { code: 'forbidden_for_role' },
    });
    throw new SavedViewError(
      403,
      'forbidden_for_role',
      'Your role cannot read this page, so it cannot save views of it.',
    );
  }
  // A client the user does not work for is answered as the pages answer it: not found.
  if (!namesOnlyTheirs(input.query, await viewerClients(viewer))) throw new NotFoundError('That client');
  const db = await getDb();
  const [row] = await db
    .insert(savedView)
    .values({
      ownerId: viewer.userId,
      page: input.page,
      name: input.name,
      query: input.query,
      shared: input.shared,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw nameTaken(input.name);
  await auditSuccess(viewer, 'saved_views.create', row.id, requestId, {
    page: row.page,
    name: row.name,
    shared: row.shared,
    query: row.query,
  });
  return itemOf(row, viewer, viewer.name);
}

/** The viewer's own view of a page they may still read; anything else is "not found". */
async function ownView(viewer: Viewer, id: string): Promise<Row> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(savedView)
    .where(and(eq(savedView.id, id), eq(savedView.ownerId, viewer.userId)));
  // Another user's view, shared or not, is not the viewer's to change: it does not exist for them.
  if (!row || !canUseViewsOf(viewer, row.page)) throw notFound();
  // Nor does their own view of a client they no longer work for (spec: Authentication rule 2).
  if (!namesOnlyTheirs(row.query, await viewerClients(viewer))) throw notFound();
  return row;
}

export async function updateSavedView(
  viewer: Viewer,
  id: string,
  change: UpdateSavedView,
  requestId: string,
): Promise<SavedViewItem> {
  const before = await ownView(viewer, id);
  const db = await getDb();
  if (change.name !== undefined && change.name !== before.name) {
    const [clash] = await db
      .select({ id: savedView.id })
      .from(savedView)
      .where(
        and(
          eq(savedView.ownerId, viewer.userId),
          eq(savedView.page, before.page),
          eq(savedView.name, change.name),
          ne(savedView.id, id),
        ),
      );
    if (clash) throw nameTaken(change.name);
  }
  let row: Row | undefined;
  try {
    [row] = await db
      .update(savedView)
      .set({
        name: change.name ?? before.name,
        shared: change.shared ?? before.shared,
        updatedAt: new Date(),
      })
      .where(and(eq(savedView.id, id), eq(savedView.ownerId, viewer.userId)))
      .returning();
  } catch (error) {
    // Two renames at once to the same name: the unique index decides.
    if (isUniqueViolation(error)) throw nameTaken(change.name ?? before.name);
    throw error;
  }
  if (!row) throw notFound();
  await auditSuccess(viewer, 'saved_views.update', row.id, requestId, {
    page: row.page,
    ...(row.name !== before.name ? { name: { from: before.name, to: row.name } } : {}),
    ...(row.shared !== before.shared ? { shared: { from: before.shared, to: row.shared } } : {}),
  });
  return itemOf(row, viewer, viewer.name);
}

export async function deleteSavedView(viewer: Viewer, id: string, requestId: string): Promise<void> {
  const before = await ownView(viewer, id);
  const db = await getDb();
  await db.delete(savedView).where(and(eq(savedView.id, id), eq(savedView.ownerId, viewer.userId)));
  await auditSuccess(viewer, 'saved_views.delete', before.id, requestId, {
    page: before.page,
    name: before.name,
    shared: before.shared,
  });
}
