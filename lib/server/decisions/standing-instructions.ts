import 'server-only';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { getDb } from '../../db';
import { standingInstruction } from '../../db/schema';
import type { DraftEntry } from '../../decisions/draft';
import type { StandingInstructionInput } from '../../decisions/standing-instruction.schema';
import {
  applicableInstruction,
  STANDING_INSTRUCTIONS,
  STANDING_SCOPES,
  type StandingInstruction,
  type StandingInstructionKind,
  type StandingScope,
  type StandingSuggestion,
  standingLookup,
  standingSuggestions,
  suggestedDecision,
} from '../../decisions/standing-instructions';
import type { RenewalWindow } from '../../renewals/window';
import { recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { snapshotPatents } from '../portfolio/snapshot';
import { loadRenewalWindow } from '../renewals/window';
import { readDraft } from './drafts';

/**
 * Standing instructions, kept in our own database: one per patent or family (unique
 * on scope and target), with who set it, when and why. Every change is audited with the value it
 * replaced. They never reach the service by themselves: see lib/decisions/standing-instructions.ts.
 */
type Row = typeof standingInstruction.$inferSelect;

function toInstruction(row: Row): StandingInstruction | null {
  // Values a later version might write are left out rather than guessed at.
  if (!(STANDING_SCOPES as readonly string[]).includes(row.scope)) return null;
  if (!(STANDING_INSTRUCTIONS as readonly string[]).includes(row.instruction)) return null;
  return {
    id: row.id,
    scope: row.scope as StandingScope,
    target: row.target,
    instruction: row.instruction as StandingInstructionKind,
    reason: row.reason,
    setByEmail: row.setByEmail,
    setAt: row.setAt.toISOString(),
  };
}

/** All instructions, or those that can apply to one patent (its own and its family's). */
export async function listStandingInstructions(
  filter: { patentId?: string; family?: string } = {},
): Promise<StandingInstruction[]> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.patentId) {
    conditions.push(
      and(eq(standingInstruction.scope, 'patent'), eq(standingInstruction.target, filter.patentId)) as SQL,
    );
  }
  if (filter.family) {
    conditions.push(
      and(eq(standingInstruction.scope, 'family'), eq(standingInstruction.target, filter.family)) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(standingInstruction)
    .where(conditions.length > 0 ? or(...conditions) : undefined)
    .orderBy(asc(standingInstruction.scope), asc(standingInstruction.target));
  return rows.map(toInstruction).filter((instruction) => instruction !== null);
}

async function instructionFor(scope: StandingScope, target: string): Promise<Row | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(standingInstruction)
    .where(and(eq(standingInstruction.scope, scope), eq(standingInstruction.target, target)));
  return row ?? null;
}

const audited = (row: Row | null) =>
  row ? { instruction: row.instruction, reason: row.reason, setByEmail: row.setByEmail } : null;

/** Sets (or replaces) the instruction of a patent or family, in the name of the viewer. */
export async function setStandingInstruction(
  actor: Viewer,
  input: StandingInstructionInput,
  requestId: string,
): Promise<StandingInstruction> {
  const db = await getDb();
  const before = await instructionFor(input.scope, input.target);
  const values = {
    instruction: input.instruction,
    reason: input.reason,
    setByUserId: actor.userId,
    setByEmail: actor.email,
    setAt: new Date(),
  };
  const [row] = await db
    .insert(standingInstruction)
    .values({ scope: input.scope, target: input.target, ...values })
    .onConflictDoUpdate({
      target: [standingInstruction.connection, standingInstruction.scope, standingInstruction.target],
      set: values,
    })
    .returning();
  if (!row) throw new Error('the standing instruction was not written');
  await recordAudit({
    actor: { userId: actor.userId, email: actor.email },
    action: 'standing_instructions.set',
    target: `${input.scope}:${input.target}`,
    outcome: 'success',
    requestId,
    details: { scope: input.scope, target: input.target, before: audited(before), after: audited(row) },
  });
  return toInstruction(row) as StandingInstruction;
}

/** Clears one instruction; false when there was none with that id (already cleared elsewhere). */
export async function clearStandingInstruction(
  actor: Viewer,
  id: string,
  requestId: string,
): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.delete(standingInstruction).where(eq(standingInstruction.id, id)).returning();
  if (!row) return false;
  await recordAudit({
    actor: { userId: actor.userId, email: actor.email },
    action: 'standing_instructions.clear',
    target: `${row.scope}:${row.target}`,
    outcome: 'success',
    requestId,
    details: { scope: row.scope, target: row.target, before: audited(row), after: null },
  });
  return true;
}

/**
 * The suggestions for a window of renewals and a user's draft, as the month view shows them (it
 * computes the same in the browser from the same rules, so a month change needs no extra call).
 */
export async function suggestionsForWindow(
  renewalWindow: RenewalWindow,
  userId: string,
  requestId: string,
): Promise<StandingSuggestion[]> {
  const [loaded, instructions, draft] = await Promise.all([
    loadRenewalWindow(renewalWindow, { offices: [], owners: [], family: [] }, requestId),
    listStandingInstructions(),
    readDraft(userId),
  ]);
  return [...standingSuggestions(standingLookup(instructions), loaded.rows, draft.entries).values()];
}

/**
 * The draft's decisions that follow a standing instruction (the decision it suggests), for the
 * review: the user sees which decisions came from one before sending. Families come from the
 * portfolio snapshot, as in the month view.
 */
export async function draftFollowingInstructions(
  entries: readonly DraftEntry[],
): Promise<{ entry: DraftEntry; instruction: StandingInstruction }[]> {
  if (entries.length === 0) return [];
  const instructions = await listStandingInstructions();
  if (instructions.length === 0) return [];
  const lookup = standingLookup(instructions);
  const families = await snapshotPatents(entries.map((entry) => entry.patentId));
  return entries.flatMap((entry) => {
    const family = families.get(entry.patentId)?.clientFamilyReference ?? null;
    const instruction = applicableInstruction(lookup, { patentId: entry.patentId, family });
    return instruction && suggestedDecision(instruction) === entry.decision ? [{ entry, instruction }] : [];
  });
}
