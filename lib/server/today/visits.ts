import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { todayVisit } from '../../db/schema';

/**
 * "Changed since your last visit", per user in the database (every instance agrees).
 * Visits within one sitting keep the same reference point, so reloading Today does not wipe
 * changes the user has not looked at yet.
 */
const SITTING_MS = 30 * 60_000;

/** Records this visit and answers the instant changes are shown since (null on a first visit). */
export async function recordTodayVisit(userId: string, now = new Date()): Promise<Date | null> {
  const db = await getDb();
  const [known] = await db.select().from(todayVisit).where(eq(todayVisit.userId, userId));
  if (!known) {
    await db
      .insert(todayVisit)
      .values({ userId, visitedAt: now, previousVisitAt: null })
      .onConflictDoUpdate({ target: todayVisit.userId, set: { visitedAt: now } });
    return null;
  }
  const newSitting = now.getTime() - known.visitedAt.getTime() > SITTING_MS;
  const since = newSitting ? known.visitedAt : known.previousVisitAt;
  await db
    .update(todayVisit)
    .set({ visitedAt: now, previousVisitAt: since })
    .where(eq(todayVisit.userId, userId));
  return since;
}
