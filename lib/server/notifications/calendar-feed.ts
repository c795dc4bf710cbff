import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Database } from '../../db';
import { calendarFeed, user } from '../../db/schema';
import { addDays } from '../../format/dates';
import { can, isRole } from '../../policy/roles';
import { patentName } from '../../portfolio/patent-name';
import { badgeKind } from '../../renewals/instructability';
import type { RenewalRow } from '../../renewals/rows';
import { needsDecision } from '../../today/buckets';
import { todayLink } from '../../today/links';
import { recordAudit } from '../audit/audit';
import { clientNameOf, clientScopeOf, labelsClients } from '../clients/scope';
import { publicBaseUrl } from './public-url';
import { readWatchedRows } from './watch-store';

/**
 * A private calendar feed per user: an unguessable token in the URL is the only key,
 * so only its SHA-256 is stored; a new link replaces the old one and revoking deletes it. The
 * feed holds the due dates, grace ends and opening dates of the renewals still waiting for a
 * decision, as all-day events (they are calendar dates, spec: Conventions) with stable UIDs so
 * Outlook and Google Calendar update events instead of duplicating them.
 */
const TOKEN_BYTES = 32;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

function calendarFeedPath(token: string): string {
  return `/api/calendar/${token}`;
}

/** A new link for this user (the previous one stops working). The token is shown once. */
async function issueCalendarToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const tokenHash = hashToken(token).toString('hex');
  await db
    .insert(calendarFeed)
    .values({ userId, tokenHash, createdAt: new Date() })
    .onConflictDoUpdate({ target: calendarFeed.userId, set: { tokenHash, createdAt: new Date() } });
  return token;
}

async function revokeCalendarToken(db: Database, userId: string): Promise<void> {
  await db.delete(calendarFeed).where(eq(calendarFeed.userId, userId));
}

export async function calendarFeedState(db: Database, userId: string): Promise<{ createdAt: string } | null> {
  const [row] = await db
    .select({ createdAt: calendarFeed.createdAt })
    .from(calendarFeed)
    .where(eq(calendarFeed.userId, userId));
  return row ? { createdAt: row.createdAt.toISOString() } : null;
}

/**
 * The user a token belongs to, or null. Tokens have a fixed shape; anything else is refused
 * before the database is asked. The stored hash is compared in constant time.
 */
async function calendarFeedOwner(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const presented = hashToken(token);
  const [row] = await db
    .select({
      tokenHash: calendarFeed.tokenHash,
      userId: user.id,
      role: user.role,
      deactivatedAt: user.deactivatedAt,
    })
    .from(calendarFeed)
    .innerJoin(user, eq(user.id, calendarFeed.userId))
    .where(eq(calendarFeed.tokenHash, presented.toString('hex')));
  if (!row) return null;
  const stored = Buffer.from(row.tokenHash, 'hex');
  if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
  if (row.deactivatedAt || !isRole(row.role) || !can(row.role, 'renewals:read')) return null;
  return { userId: row.userId, role: row.role };
}

function label(row: RenewalRow, client: string | undefined): string {
  const reference = patentName(row);
  const year = row.annuityYear !== null ? ` year ${row.annuityYear}` : '';
  return `${client ? `${client} — ` : ''}${reference}${row.office ? ` (${row.office})` : ''}${year}`;
}

function allDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** The feed; `clientOf` names each renewal's client when the owner works for several. */
function buildCalendar(
  rows: readonly RenewalRow[],
  baseUrl: string,
  clientOf: (row: RenewalRow) => string | undefined,
): string {
  const host = new URL(baseUrl).hostname;
  const calendar = ical({
    name: 'Annuity Console: renewals',
    description: 'Due dates, grace-period ends and opening dates of renewals waiting for a decision.',
    prodId: { company: 'Annuity Console', product: 'renewals', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const row of rows.filter(needsDecision)) {
    const named = label(row, clientOf(row));
    const url = new URL(
      todayLink({ kind: 'renewal', dueDate: row.dueDate, office: row.office }),
      baseUrl,
    ).toString();
    const add = (kind: string, date: string, summary: string) =>
      calendar.createEvent({
        id: `${row.eventId}-${kind}@${host}`,
        start: allDay(date),
        end: allDay(addDays(date, 1)),
        allDay: true,
        summary,
        description: `${row.title ?? named}\n${url}`,
        url,
      });
    add('due', row.dueDate, `Renewal due: ${named}`);
    if (row.gracePeriodEndDate) add('grace-end', row.gracePeriodEndDate, `Grace period ends: ${named}`);
    const opensAt = row.instructability?.opensAt ?? null;
    if (badgeKind(row.instructability) === 'too-early' && opensAt)
      add('opens', opensAt.slice(0, 10), `Renewal opens for instruction: ${named}`);
  }
  return calendar.toString();
}

export async function calendarForToken(db: Database, token: string): Promise<string | null> {
  const owner = await calendarFeedOwner(db, token);
  if (!owner) return null;
  // The owner's clients only, as on every page (spec: Authentication rule 2).
  const scope = await clientScopeOf(owner.userId);
  const { rows, clientOf } = await readWatchedRows(db, scope.connections);
  const labelled = labelsClients(scope);
  return buildCalendar(rows, publicBaseUrl(), (row) => {
    const connection = clientOf.get(row.eventId);
    return labelled && connection ? clientNameOf(scope, connection) : undefined;
  });
}

type Actor = { userId: string; email: string };

/** Settings page: a new private link (audited); the URL is returned this once. */
export async function issueCalendarLink(
  db: Database,
  actor: Actor,
  requestId: string,
): Promise<{ url: string }> {
  const token = await issueCalendarToken(db, actor.userId);
  await recordAudit({ actor, action: 'calendar-feed.issue', outcome: 'success', requestId });
  return { url: new URL(calendarFeedPath(token), publicBaseUrl()).toString() };
}

/** Settings page: the link stops working at once (audited). */
export async function revokeCalendarLink(
  db: Database,
  actor: Actor,
  requestId: string,
): Promise<{ feed: null }> {
  await revokeCalendarToken(db, actor.userId);
  await recordAudit({ actor, action: 'calendar-feed.revoke', outcome: 'success', requestId });
  return { feed: null };
}
