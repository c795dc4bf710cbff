/**
 * `lib/server/reviews/`: review holds (table `review_hold`, `holds.ts`): a renewal put under
 * review with an owner who may decide (an active paralegal or manager), a review-by date from
 * today to the renewal's due date in the copy, and the decision asked for (keep, drop, undecided,
 * a note); one open hold per renewal (a partial unique index); the month view's rows carry the
 * hold's sentence (`holdSentencesOf`, one read of the open holds per window; "Under review" under
 * the case reference); ended `decided` when a batch reaches the service with it
 * (`decisions/after-send.ts`, or the copy shows a decision) or `released` by hand. `POST
 * /api/reviews` (a selection at once, `reviews:write`: paralegals, managers; 400s name `reviewBy`,
 * `ownerUserId`, `eventIds.N`; 409 `already_under_review`), `GET
 * /api/reviews?owner=me&overdue=true` (`renewals:read`), `DELETE /api/reviews/[id]` (release). The
 * committee pack (`committee-pack.ts`, `GET /api/reviews/pack?format=pdf | xlsx`,
 * `renewals:read`+`exports:read`): the open holds with signals, keep score, its sentence, fee and
 * cost to expiry per currency, and the decision asked for. Reminders (`reminders.ts`, run by the
 * notify job): each owner's holds ride in their digest; a hold whose review-by date passed with no
 * decision is claimed once (`overdue_told_at`) and told to the managers in-app and in their
 * digest. Audited as `reviews.place`, `reviews.release`, `reviews.decided`. Page
 * `/renewals/reviews`(Reviews in the navigation;`candidates.ts`): the open holds with release and
 * the pack's downloads, and the candidates, undecided renewals due in a quarter (the next one by
 * default, `?quarter=2027-Q1`) from the copy, lowest keep score first (the 50 lowest shown), with
 * a selection put under review at once. A hold shows where its renewal does: the row's signals in
 * the month view (`GET /api/signals` answers the hold too), the patent page, and the owner's Today
 * ("Your reviews", overdue marked).
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { reviewHold, syncEvent, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { calendarToday } from '../../format/dates';
import { can, isRole } from '../../policy/roles';
import {
  type AskedDecision,
  type HoldEnd,
  holdSentence,
  isOverdue,
  type ReviewHoldView,
} from '../../reviews/review-hold';
import type { PlaceHolds } from '../../reviews/review-hold.schema';
import { auditSuccess, soleClientOf } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { DomainError, invalidInput } from '../errors/domain-error';
import type { FieldError } from '../errors/problem';
import { openSnapshotIndex } from '../portfolio/snapshot';

/**
 * Review holds (table `review_hold`): a renewal put under review with an owner who may decide, a
 * review-by date between today and the renewal's deadline in our copy, and the decision asked for.
 * One open hold per renewal; a hold ends when a decision is sent for its renewal or it is released.
 * Every change is audited; nothing here reaches the service.
 */

type Actor = Pick<Viewer, 'userId' | 'email'>;

function invalid(errors: FieldError[]): DomainError {
  return invalidInput(errors.map((error) => `${error.field}: ${error.message}`).join('; '), errors);
}

/** The renewals of these clients' copies with these ids (spec: Patent event; RENEWAL only). */
export async function copyRenewals(
  eventIds: readonly string[],
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<Map<string, PatentEvent>> {
  const found = await copyRenewalsOf(eventIds, connections);
  return new Map([...found].map(([eventId, { event }]) => [eventId, event]));
}

/** The same, each with the client whose copy holds it. */
async function copyRenewalsOf(
  eventIds: readonly string[],
  connections: readonly string[],
): Promise<Map<string, { event: PatentEvent; connection: string }>> {
  const found = new Map<string, { event: PatentEvent; connection: string }>();
  if (eventIds.length === 0 || connections.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ eventId: syncEvent.eventId, body: syncEvent.body, connection: syncEvent.connection })
    .from(syncEvent)
    .where(and(inArray(syncEvent.connection, [...connections]), inArray(syncEvent.eventId, [...eventIds])));
  for (const row of rows) {
    const event = JSON.parse(row.body) as PatentEvent;
    if (event.eventType === 'RENEWAL') found.set(row.eventId, { event, connection: row.connection });
  }
  return found;
}

/** The users a hold may be given to: active, and allowed to take renewal decisions. */
export async function reviewOwners(): Promise<
  { userId: string; name: string; email: string; role: string }[]
> {
  const db = await getDb();
  const rows = await db
    .select({ userId: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(isNull(user.deactivatedAt))
    .orderBy(asc(user.name));
  return rows.filter((row) => isRole(row.role) && can(row.role, 'decisions:write'));
}

const alreadyHeld = (eventIds: string[]) =>
  new DomainError({
    status: 409,
    code: 'already_under_review',
    title: 'Already under review',
    detail: `${eventIds.length === 1 ? 'This renewal is' : `${eventIds.length} of these renewals are`} already under review: release the hold first.`,
    extensions: { eventIds },
  });

/** Puts each renewal named under review; all or none. */
export async function placeHolds(
  actor: Actor,
  input: PlaceHolds,
  requestId: string,
  now = new Date(),
  /** The placer's clients: a renewal of another client is not in our copy for them (rule 2). */
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<ReviewHoldView[]> {
  const today = calendarToday(now);
  const eventIds = [...new Set(input.eventIds)];
  const errors: FieldError[] = [];
  const owner = (await reviewOwners()).find((candidate) => candidate.userId === input.ownerUserId);
  if (!owner) {
    errors.push({
      field: 'ownerUserId',
      message: 'choose an active paralegal or manager: only they may decide a renewal',
    });
  }
  if (input.reviewBy < today) {
    errors.push({ field: 'reviewBy', message: `the review-by date must be today (${today}) or later` });
  }
  const found = await copyRenewalsOf(eventIds, connections);
  const renewals = new Map([...found].map(([eventId, { event }]) => [eventId, event]));
  eventIds.forEach((eventId, index) => {
    const renewal = renewals.get(eventId);
    if (!renewal) {
      errors.push({ field: `eventIds.${index}`, message: 'no such renewal in our copy' });
    } else if (renewal.appliedDecision !== null) {
      errors.push({ field: `eventIds.${index}`, message: `already decided (${renewal.appliedDecision})` });
    }
  });
  const tooLate = eventIds.flatMap((eventId) => {
    const renewal = renewals.get(eventId);
    return renewal && input.reviewBy > renewal.dueDate ? [renewal.dueDate] : [];
  });
  if (tooLate.length > 0) {
    const earliest = tooLate.sort()[0];
    errors.push({
      field: 'reviewBy',
      message: `the review-by date must be on or before the renewal's due date (${earliest})`,
    });
  }
  if (errors.length > 0) throw invalid(errors);

  const db = await getDb();
  const held = await db
    .select({ eventId: reviewHold.eventId })
    .from(reviewHold)
    .where(
      and(
        inArray(reviewHold.connection, [...connections]),
        inArray(reviewHold.eventId, eventIds),
        isNull(reviewHold.endedAt),
      ),
    );
  if (held.length > 0) throw alreadyHeld(held.map((row) => row.eventId));
  let ids: string[];
  try {
    const inserted = await db
      .insert(reviewHold)
      .values(
        eventIds.map((eventId) => {
          const renewal = renewals.get(eventId) as PatentEvent;
          return {
            connection: found.get(eventId)?.connection ?? DEFAULT_CONNECTION,
            eventId,
            patentId: renewal.patent.id,
            dueDate: renewal.dueDate,
            ownerUserId: input.ownerUserId,
            reviewBy: input.reviewBy,
            askedDecision: input.askedDecision,
            note: input.note || null,
            createdByUserId: actor.userId,
            createdByEmail: actor.email,
          };
        }),
      )
      .returning({ id: reviewHold.id });
    ids = inserted.map((row) => row.id);
  } catch (error) {
    // Two people placing a hold on the same renewal at once: the partial unique index keeps one.
    if (isUniqueViolation(error)) throw alreadyHeld(eventIds);
    throw error;
  }
  await auditSuccess(
    actor,
    'reviews.place',
    eventIds.length === 1 ? `event:${eventIds[0]}` : `events:${eventIds.length}`,
    requestId,
    {
      eventIds,
      owner: owner?.email,
      reviewBy: input.reviewBy,
      askedDecision: input.askedDecision,
      note: input.note ?? null,
    },
    soleClientOf(eventIds.map((eventId) => found.get(eventId)?.connection ?? DEFAULT_CONNECTION)),
  );
  return listHolds({ ids, connections }, now);
}

const notFound = () =>
  new DomainError({
    status: 404,
    code: 'hold_not_found',
    title: 'No such hold',
    detail: 'This review hold does not exist or has already ended.',
  });

/** Ends an open hold by hand. */
export async function releaseHold(
  actor: Actor,
  id: string,
  requestId: string,
  /** The releaser's clients: another client's hold does not exist for them (rule 2). */
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<{ released: true }> {
  if (connections.length === 0) throw notFound();
  const db = await getDb();
  const [ended] = await db
    .update(reviewHold)
    .set({ endedAt: new Date(), endedHow: 'released', endedByEmail: actor.email })
    .where(
      and(
        eq(reviewHold.id, id),
        inArray(reviewHold.connection, [...connections]),
        isNull(reviewHold.endedAt),
      ),
    )
    .returning({ eventId: reviewHold.eventId, connection: reviewHold.connection });
  if (!ended) throw notFound();
  await auditSuccess(
    actor,
    'reviews.release',
    `event:${ended.eventId}`,
    requestId,
    { holdId: id, eventId: ended.eventId },
    ended.connection,
  );
  return { released: true };
}

/**
 * Ends the open holds of renewals a decision was just sent for (lib/server/decisions/after-send.ts).
 * Returns how many ended.
 */
export async function endHoldsDecided(
  eventIds: readonly string[],
  actorEmail: string | null,
  requestId: string,
  /** The clients the decisions were taken for: only their holds end. */
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<number> {
  if (eventIds.length === 0 || connections.length === 0) return 0;
  const db = await getDb();
  const ended = await db
    .update(reviewHold)
    .set({ endedAt: new Date(), endedHow: 'decided', endedByEmail: actorEmail })
    .where(
      and(
        inArray(reviewHold.connection, [...connections]),
        inArray(reviewHold.eventId, [...eventIds]),
        isNull(reviewHold.endedAt),
      ),
    )
    .returning({ id: reviewHold.id, eventId: reviewHold.eventId, connection: reviewHold.connection });
  if (ended.length > 0) {
    await auditSuccess(
      actorEmail ? { userId: null, email: actorEmail } : null,
      'reviews.decided',
      `events:${ended.length}`,
      requestId,
      { eventIds: ended.map((row) => row.eventId) },
      soleClientOf(ended.map((row) => row.connection)),
    );
  }
  return ended.length;
}

export interface HoldFilter {
  ids?: readonly string[];
  eventIds?: readonly string[];
  patentId?: string;
  ownerUserId?: string;
  overdue?: boolean;
  /** Ended holds too (a patent's history); open ones only by default. */
  withEnded?: boolean;
  /** The clients whose holds are listed (the request's scope; spec: rule 2). */
  connections?: readonly string[];
}

/** Holds, the open ones by default, soonest review-by first, with their owner and patent. */
export async function listHolds(filter: HoldFilter = {}, now = new Date()): Promise<ReviewHoldView[]> {
  const today = calendarToday(now);
  const connections = filter.connections ?? [DEFAULT_CONNECTION];
  if (connections.length === 0) return [];
  const conditions: SQL[] = [inArray(reviewHold.connection, [...connections])];
  if (!filter.withEnded) conditions.push(isNull(reviewHold.endedAt));
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    conditions.push(inArray(reviewHold.id, [...filter.ids]));
  }
  if (filter.eventIds) {
    if (filter.eventIds.length === 0) return [];
    conditions.push(inArray(reviewHold.eventId, [...filter.eventIds]));
  }
  if (filter.patentId) conditions.push(eq(reviewHold.patentId, filter.patentId));
  if (filter.ownerUserId) conditions.push(eq(reviewHold.ownerUserId, filter.ownerUserId));
  if (filter.overdue) conditions.push(lt(reviewHold.reviewBy, today), isNull(reviewHold.endedAt));
  const db = await getDb();
  const rows = await db
    .select({ hold: reviewHold, ownerName: user.name, ownerEmail: user.email })
    .from(reviewHold)
    .innerJoin(user, eq(user.id, reviewHold.ownerUserId))
    .where(and(...conditions))
    .orderBy(asc(reviewHold.reviewBy), asc(reviewHold.dueDate), asc(reviewHold.createdAt));
  // Each hold's patent as its own client's snapshot names it.
  const indexes = new Map(
    await Promise.all(
      [...new Set(rows.map((row) => row.hold.connection))].map(
        async (connection) => [connection, await openSnapshotIndex(connection)] as const,
      ),
    ),
  );
  const patentOf = (hold: { connection: string; patentId: string }) =>
    indexes.get(hold.connection)?.patents.get(hold.patentId);
  // A patent the snapshot does not hold yet is named as the copy's renewal names it.
  const unknown = rows.filter((row) => !patentOf(row.hold)).map((row) => row.hold.eventId);
  const events = await copyRenewals(unknown, connections);
  return rows.map(({ hold, ownerName, ownerEmail }) => {
    const patent = patentOf(hold);
    return {
      id: hold.id,
      eventId: hold.eventId,
      patentId: hold.patentId,
      dueDate: hold.dueDate,
      owner: { userId: hold.ownerUserId, name: ownerName, email: ownerEmail },
      reviewBy: hold.reviewBy,
      askedDecision: hold.askedDecision as AskedDecision,
      note: hold.note,
      createdByEmail: hold.createdByEmail,
      createdAt: hold.createdAt.toISOString(),
      endedAt: hold.endedAt?.toISOString() ?? null,
      endedHow: (hold.endedHow as HoldEnd | null) ?? null,
      overdue: isOverdue({ reviewBy: hold.reviewBy, endedAt: hold.endedAt }, today),
      caseReference:
        patent?.clientCaseReference ??
        patent?.providerId ??
        events.get(hold.eventId)?.patent.providerId ??
        null,
      office: patent?.office ?? null,
    };
  });
}

/**
 * What a list of renewals says of those under review ("Under review by Ann until 2027-01-15"), by
 * renewal: one read of the open holds, which are few whatever the list's length.
 */
export async function holdSentencesOf(
  now = new Date(),
  /** The clients of the list (holds are per client, spec: rule 2). */
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<Map<string, string>> {
  if (connections.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ eventId: reviewHold.eventId, reviewBy: reviewHold.reviewBy, name: user.name })
    .from(reviewHold)
    .innerJoin(user, eq(user.id, reviewHold.ownerUserId))
    .where(and(inArray(reviewHold.connection, [...connections]), isNull(reviewHold.endedAt)));
  const today = calendarToday(now);
  return new Map(
    rows.map((row) => [
      row.eventId,
      holdSentence({
        owner: { name: row.name },
        reviewBy: row.reviewBy,
        overdue: isOverdue({ reviewBy: row.reviewBy, endedAt: null }, today),
      }),
    ]),
  );
}
