import 'server-only';
import { and, inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { syncEvent } from '../../db/schema';
import type { Draft, DraftEntry } from '../../decisions/draft';
import { entryFromRow } from '../../decisions/entry-from-row';
import { offeredDecisions } from '../../decisions/rules';
import type { RenewalRow } from '../../renewals/rows';
import { clientScopeOf } from '../clients/scope';
import { copyMonthRows } from '../sync/month-rows';
import { readDraft, writeDraft } from './drafts';

/**
 * Renewals chosen elsewhere than the month view (a scenario, a family's countries) put into the
 * user's draft as DROP, each where the service offers DROP on it now (spec: Instruction rules,
 * allowedDecisions), from our copy. Nothing is sent: the draft goes through the review, the DROP
 * confirmation and the approvals like any other (DROP is irreversible). A renewal not open, one
 * already in the draft (left with its decision) and one the copy has not read are counted, never
 * guessed.
 */
export interface DraftDropsResult {
  drafted: number;
  /** Renewals that do not take a DROP now (not open yet, or decided). */
  notOpen: number;
  alreadyInDraft: number;
  /** Renewals the copy has not read. */
  notRead: number;
  draft: Draft;
}

export async function draftDrops(userId: string, eventIds: readonly string[]): Promise<DraftDropsResult> {
  const db = await getDb();
  const ids = [...new Set(eventIds)];
  // Only the user's clients' renewals (spec: rule 2): another client's id counts as not read.
  const { connections } = await clientScopeOf(userId);
  const located =
    ids.length && connections.length
      ? await db
          .select({ eventId: syncEvent.eventId, month: syncEvent.month, connection: syncEvent.connection })
          .from(syncEvent)
          .where(and(inArray(syncEvent.connection, connections), inArray(syncEvent.eventId, ids)))
      : [];
  const rows = new Map<string, RenewalRow>();
  for (const connection of new Set(located.map((row) => row.connection))) {
    const months = [
      ...new Set(located.filter((row) => row.connection === connection).map((row) => row.month)),
    ];
    const { byMonth } = await copyMonthRows(months, connection);
    for (const month of months) for (const row of byMonth.get(month)?.rows ?? []) rows.set(row.eventId, row);
  }

  const draft = await readDraft(userId);
  const inDraft = new Set(draft.entries.map((entry) => entry.eventId));
  const added: DraftEntry[] = [];
  let notOpen = 0;
  let alreadyInDraft = 0;
  let notRead = 0;
  for (const eventId of ids) {
    const row = rows.get(eventId);
    if (inDraft.has(eventId)) alreadyInDraft += 1;
    else if (!row) notRead += 1;
    else if (row.appliedDecision !== null || !offeredDecisions(row).includes('DROP')) notOpen += 1;
    else added.push(entryFromRow(row, 'DROP'));
  }
  // Based on the draft just read: a change made meanwhile elsewhere is a 409, never overwritten.
  const written =
    added.length > 0 ? await writeDraft(userId, [...draft.entries, ...added], draft.batchKey) : draft;
  return { drafted: added.length, notOpen, alreadyInDraft, notRead, draft: written };
}
