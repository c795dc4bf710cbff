import 'server-only';
import type { Draft, DraftEntry } from '../../decisions/draft';
import { entryFromRow } from '../../decisions/entry-from-row';
import { offeredDecisions } from '../../decisions/rules';
import type { ScenarioRenewal, ScenarioRule } from '../../forecast/scenario';
import type { RenewalRow } from '../../renewals/rows';
import { readDraft, writeDraft } from '../decisions/drafts';
import { copyMonthRows } from '../sync/month-rows';
import { loadScenario } from './scenario';

/**
 * A scenario turned into draft DROPs: for each patent it stops, the renewal it stops first goes
 * into the user's draft as DROP when the service offers DROP on it now (spec: Instruction rules,
 * allowedDecisions). Nothing is sent: the draft goes through the review, the DROP confirmation and
 * the approvals like any other (DROP is irreversible). A renewal not open yet, one already in the
 * draft, and one the copy has not read are counted, never guessed.
 */
export interface ScenarioDraftResult {
  drafted: number;
  /** Patents whose first stopped renewal does not take a DROP now (not open yet, or decided). */
  notOpen: number;
  /** Renewals already in the draft, left with the decision there. */
  alreadyInDraft: number;
  /** Renewals the copy has not read yet. */
  notRead: number;
  draft: Draft;
}

export async function draftScenarioDrops(userId: string, rule: ScenarioRule): Promise<ScenarioDraftResult> {
  const scenario = await loadScenario(rule);
  const firstOf = new Map<string, ScenarioRenewal>();
  // Stopped renewals come in due-date order: the first per patent is where it is dropped.
  for (const renewal of scenario.stopped)
    if (!firstOf.has(renewal.patentId)) firstOf.set(renewal.patentId, renewal);
  const months = [...new Set([...firstOf.values()].map((renewal) => renewal.dueDate.slice(0, 7)))];
  const { byMonth } = await copyMonthRows(months);
  const rows = new Map<string, RenewalRow>();
  for (const month of months) for (const row of byMonth.get(month)?.rows ?? []) rows.set(row.eventId, row);

  const draft = await readDraft(userId);
  const inDraft = new Set(draft.entries.map((entry) => entry.eventId));
  const added: DraftEntry[] = [];
  let notOpen = 0;
  let alreadyInDraft = 0;
  let notRead = 0;
  for (const first of firstOf.values()) {
    const row = rows.get(first.eventId);
    if (inDraft.has(first.eventId)) alreadyInDraft += 1;
    else if (!row) notRead += 1;
    else if (row.appliedDecision !== null || !offeredDecisions(row).includes('DROP')) notOpen += 1;
    else added.push(entryFromRow(row, 'DROP'));
  }
  // Based on the draft just read: a change made meanwhile elsewhere is a 409, never overwritten.
  const written =
    added.length > 0 ? await writeDraft(userId, [...draft.entries, ...added], draft.batchKey) : draft;
  return { drafted: added.length, notOpen, alreadyInDraft, notRead, draft: written };
}
