import 'server-only';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { instructionBatch, instructionBatchItem, reviewHold } from '../../db/schema';
import { can, type Role } from '../../policy/roles';
import { ASKED_DECISION_LABELS, type ReviewHoldView } from '../../reviews/review-hold';
import { activeConnectionIds } from '../connection/clients';
import type { Section } from '../notifications/compose';
import { copyRenewals, endHoldsDecided, listHolds } from './holds';

/**
 * What the notify job (lib/server/notifications/evaluate.ts) says of review holds: each owner's open
 * holds ride in their digest, and a hold whose review-by date passed with no decision is told to
 * the managers once (claimed by `overdue_told_at`, so a second run or instance never tells it again).
 */

const REVIEWS_PATH = '/renewals/reviews';
/** The digest lists at most this many holds per section; the page has them all. */
const LISTED = 10;

/** Renewals in a batch still on its way (not rejected or sent back): a decision is being sent. */
async function beingSent(eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ eventId: instructionBatchItem.eventId })
    .from(instructionBatchItem)
    .innerJoin(instructionBatch, eq(instructionBatch.id, instructionBatchItem.batchId))
    .where(
      and(
        inArray(instructionBatchItem.eventId, [...eventIds]),
        notInArray(instructionBatch.state, ['rejected', 'returned', 'awaiting_approval']),
      ),
    );
  return new Set(rows.map((row) => row.eventId));
}

export interface ReviewReminders {
  /** Every open hold (after those decided at the service ended). */
  open: ReviewHoldView[];
  /** Holds that became overdue since the last run: the managers are told of these, once. */
  newlyOverdue: ReviewHoldView[];
}

export async function reviewReminders(now: Date, requestId = 'notify'): Promise<ReviewReminders> {
  // Every active client's holds, each checked against its own client's copy.
  const connections = await activeConnectionIds();
  let open = await listHolds({ connections }, now);
  const overdue = open.filter((hold) => hold.overdue);
  if (overdue.length === 0) return { open, newlyOverdue: [] };
  // A decision the copy shows (taken here or elsewhere) ends the hold rather than raising it.
  const renewals = await copyRenewals(
    overdue.map((hold) => hold.eventId),
    connections,
  );
  const decided = overdue.filter((hold) => renewals.get(hold.eventId)?.appliedDecision);
  if (decided.length > 0) {
    await endHoldsDecided(
      decided.map((hold) => hold.eventId),
      null,
      requestId,
      connections,
    );
    const ended = new Set(decided.map((hold) => hold.id));
    open = open.filter((hold) => !ended.has(hold.id));
  }
  const sending = await beingSent(overdue.map((hold) => hold.eventId));
  const tell = overdue.filter(
    (hold) => !decided.some((other) => other.id === hold.id) && !sending.has(hold.eventId),
  );
  if (tell.length === 0) return { open, newlyOverdue: [] };
  const db = await getDb();
  const claimed = await db
    .update(reviewHold)
    .set({ overdueToldAt: now })
    .where(
      and(
        inArray(
          reviewHold.id,
          tell.map((hold) => hold.id),
        ),
        isNull(reviewHold.overdueToldAt),
        isNull(reviewHold.endedAt),
      ),
    )
    .returning({ id: reviewHold.id });
  const got = new Set(claimed.map((row) => row.id));
  return { open, newlyOverdue: tell.filter((hold) => got.has(hold.id)) };
}

const holdLine = (hold: ReviewHoldView, withOwner: boolean) => ({
  text:
    `${hold.caseReference ?? hold.eventId}${hold.office ? ` (${hold.office})` : ''}: review by ${hold.reviewBy}` +
    `${hold.overdue ? ' (overdue)' : ''}, due ${hold.dueDate}, asked: ${ASKED_DECISION_LABELS[hold.askedDecision]}` +
    `${withOwner ? `, owner ${hold.owner.name}` : ''}`,
  href: `/portfolio/${hold.patentId}`,
});

/** The digest's sections on review holds for one person: their own, and the overdue ones for managers. */
export function reviewSections(open: readonly ReviewHoldView[], userId: string, role: Role): Section[] {
  const sections: Section[] = [];
  const mine = open.filter((hold) => hold.owner.userId === userId);
  if (mine.length > 0) {
    const late = mine.filter((hold) => hold.overdue).length;
    sections.push({
      heading: `Your reviews: ${mine.length}`,
      intro: `Renewals put under review for you to decide by their review-by date.${late > 0 ? ` ${late} overdue.` : ''}`,
      lines: [
        ...mine.slice(0, LISTED).map((hold) => holdLine(hold, false)),
        { text: `Open all ${mine.length} on the reviews page`, href: `${REVIEWS_PATH}?owner=me` },
      ],
    });
  }
  const overdue = open.filter((hold) => hold.overdue && hold.owner.userId !== userId);
  if (role === 'manager' && can(role, 'reviews:write') && overdue.length > 0) {
    sections.push({
      heading: `Overdue reviews: ${overdue.length}`,
      intro:
        'Review-by dates passed without a decision: ask the owner, give the hold to someone else or release it.',
      lines: [
        ...overdue.slice(0, LISTED).map((hold) => holdLine(hold, true)),
        { text: 'Open the reviews page', href: REVIEWS_PATH },
      ],
    });
  }
  return sections;
}

/** The in-app notification that tells a manager of the holds that just became overdue. */
export function overdueNotice(holds: readonly ReviewHoldView[]): {
  title: string;
  body: string;
  href: string;
} {
  const names = holds
    .slice(0, 5)
    .map((hold) => `${hold.caseReference ?? hold.eventId} (${hold.owner.name}, by ${hold.reviewBy})`)
    .join(', ');
  return {
    title: `${holds.length} review${holds.length === 1 ? '' : 's'} overdue`,
    body: `No decision by the review-by date: ${names}${holds.length > 5 ? ` and ${holds.length - 5} more` : ''}.`,
    href: REVIEWS_PATH,
  };
}
