import 'server-only';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
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
import { auditSuccess } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { deleteClientRow } from '../clients/owned-rows';
import { type ClientScope, clientScopeOf } from '../clients/scope';
import { NotFoundError } from '../errors/not-found';
import { snapshotPatents } from '../portfolio/snapshot';
import { loadRenewalWindow, windowClients } from '../renewals/window';
import { clientOfTarget } from '../tags/tags';
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
    connection: row.connection,
    scope: row.scope as StandingScope,
    target: row.target,
    instruction: row.instruction as StandingInstructionKind,
    reason: row.reason,
    setByEmail: row.setByEmail,
    setAt: row.setAt.toISOString(),
  };
}

/**
 * The instructions of these clients: all, or those that can apply to one patent (its own and its
 * family's). Another client's instructions are never listed (spec: rule 2).
 */
export async function listStandingInstructions(
  connections: readonly string[],
  filter: { patentId?: string; family?: string } = {},
): Promise<StandingInstruction[]> {
  if (connections.length === 0) return [];
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
    .where(
      and(
        inArray(standingInstruction.connection, [...connections]),
        conditions.length > 0 ? or(...conditions) : undefined,
      ),
    )
    .orderBy(asc(standingInstruction.scope), asc(standingInstruction.target));
  return rows.map(toInstruction).filter((instruction) => instruction !== null);
}

/**
 * The instructions a request lists: with a patent named, that patent's client's only, and only
 * when the patent is one of the request's clients' (else 404, as its tags and notes answer).
 */
export async function standingInstructionsFor(
  connections: readonly string[],
  filter: { patentId?: string; family?: string } = {},
): Promise<StandingInstruction[]> {
  if (!filter.patentId) return listStandingInstructions(connections, filter);
  return listStandingInstructions([await clientOfTarget('patent', filter.patentId, connections)], filter);
}

async function instructionFor(connection: string, scope: StandingScope, target: string): Promise<Row | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(standingInstruction)
    .where(
      and(
        eq(standingInstruction.connection, connection),
        eq(standingInstruction.scope, scope),
        eq(standingInstruction.target, target),
      ),
    );
  return row ?? null;
}

const audited = (row: Row | null) =>
  row ? { instruction: row.instruction, reason: row.reason, setByEmail: row.setByEmail } : null;

/**
 * Sets (or replaces) the instruction of a patent or family, in the name of the viewer. It is kept
 * for the client whose portfolio holds the patent or family, which must be one of the request's
 * (spec: rule 2): another client's is not found (404), exactly as for its tags and notes.
 */
export async function setStandingInstruction(
  actor: Viewer,
  input: StandingInstructionInput,
  requestId: string,
  scope: ClientScope,
): Promise<StandingInstruction> {
  const db = await getDb();
  const connection = await clientOfTarget(input.scope, input.target, scope.connections, input.client);
  const before = await instructionFor(connection, input.scope, input.target);
  const values = {
    instruction: input.instruction,
    reason: input.reason,
    setByUserId: actor.userId,
    setByEmail: actor.email,
    setAt: new Date(),
  };
  const [row] = await db
    .insert(standingInstruction)
    .values({ connection, scope: input.scope, target: input.target, ...values })
    .onConflictDoUpdate({
      target: [standingInstruction.connection, standingInstruction.scope, standingInstruction.target],
      set: values,
    })
    .returning();
  if (!row) throw new Error('the standing instruction was not written');
  await auditSuccess(
    actor,
    'standing_instructions.set',
    `${input.scope}:${input.target}`,
    requestId,
    { scope: input.scope, target: input.target, before: audited(before), after: audited(row) },
    connection,
  );
  return toInstruction(row) as StandingInstruction;
}

/**
 * Clears one instruction; false when there was none with that id among the request's clients
 * (already cleared elsewhere), or when its patent or family is none of theirs (spec: rule 2).
 */
export async function clearStandingInstruction(
  actor: Viewer,
  id: string,
  requestId: string,
  connections: readonly string[],
): Promise<boolean> {
  if (connections.length === 0) return false;
  const db = await getDb();
  const [found] = await db
    .select()
    .from(standingInstruction)
    .where(and(eq(standingInstruction.id, id), inArray(standingInstruction.connection, [...connections])));
  if (!found) return false;
  try {
    await clientOfTarget(found.scope as StandingScope, found.target, connections, found.connection);
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
  const row = await deleteClientRow(standingInstruction, id, connections);
  if (!row) return false;
  await auditSuccess(
    actor,
    'standing_instructions.clear',
    `${row.scope}:${row.target}`,
    requestId,
    { scope: row.scope, target: row.target, before: audited(row), after: null },
    row.connection,
  );
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
    clientScopeOf(userId).then((scope) =>
      loadRenewalWindow(renewalWindow, { offices: [], owners: [], family: [] }, requestId, {
        clients: windowClients(scope),
      }),
    ),
    clientScopeOf(userId).then((scope) => listStandingInstructions(scope.connections)),
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
  connections: readonly string[],
): Promise<{ entry: DraftEntry; instruction: StandingInstruction }[]> {
  if (entries.length === 0) return [];
  const instructions = await listStandingInstructions(connections);
  if (instructions.length === 0) return [];
  const lookup = standingLookup(instructions);
  const families = await snapshotPatents(entries.map((entry) => entry.patentId));
  return entries.flatMap((entry) => {
    const family = families.get(entry.patentId)?.clientFamilyReference ?? null;
    const instruction = applicableInstruction(lookup, { patentId: entry.patentId, family });
    return instruction && suggestedDecision(instruction) === entry.decision ? [{ entry, instruction }] : [];
  });
}
