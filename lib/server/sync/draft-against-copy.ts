import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncEvent, syncWindow } from '../../db/schema';
import type { DraftEntry } from '../../decisions/draft';
import type { DraftChange } from '../../decisions/draft-changes';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * What the copy now says of the drafted renewals, where it differs from what the user saw when
 * deciding (lib/decisions/draft-changes.ts). The review shows it before anything is sent; the send
 * still reads the service again and its answer wins. No upstream call. A draft may hold renewals
 * of each of the user's clients (`connections`), each in that client's copy.
 */
export async function draftAgainstCopy(
  entries: readonly DraftEntry[],
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<DraftChange[]> {
  if (entries.length === 0 || connections.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ eventId: syncEvent.eventId, body: syncEvent.body, month: syncEvent.month })
    .from(syncEvent)
    .where(
      and(
        inArray(syncEvent.connection, [...connections]),
        inArray(
          syncEvent.eventId,
          entries.map((entry) => entry.eventId),
        ),
      ),
    );
  const held = new Map(rows.map((row) => [row.eventId, JSON.parse(row.body) as PatentEvent]));
  const differences: DraftChange[] = [];
  for (const entry of entries) {
    const event = held.get(entry.eventId);
    if (!event) {
      // Only said when the copy held the renewal's month: a month never read says nothing.
      if (await monthHeld(entry.dueDate, connections))
        differences.push({ eventId: entry.eventId, kind: 'gone' });
      continue;
    }
    const instructability = event.instructability;
    if (instructability && !instructability.allowedDecisions.includes(entry.decision)) {
      differences.push({
        eventId: entry.eventId,
        kind: 'not-decidable',
        blockedReason: instructability.blockedReason ?? null,
        allowed: [...instructability.allowedDecisions],
      });
      continue;
    }
    const was = entry.estimate;
    const now = event.fees;
    if (was?.amount && now?.total && was.currency === now.currency && was.amount !== now.total)
      differences.push({
        eventId: entry.eventId,
        kind: 'estimate-moved',
        was: was.amount,
        now: now.total,
        currency: now.currency,
      });
  }
  return differences;
}

/**
 * Whether every one of the user's clients' copies has read the month whole: only then does a
 * renewal none of them lists count as gone. A month one client's copy never read says nothing,
 * since the renewal may be that client's.
 */
async function monthHeld(dueDate: string, connections: readonly string[]): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ connection: syncWindow.connection, syncedAt: syncWindow.syncedAt })
    .from(syncWindow)
    .where(and(inArray(syncWindow.connection, [...connections]), eq(syncWindow.month, dueDate.slice(0, 7))));
  return connections.every((connection) =>
    rows.some((row) => row.connection === connection && row.syncedAt !== null),
  );
}
