import 'server-only';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { getDb } from '../../db';
import { patentNote, patentTag } from '../../db/schema';
import {
  type ImportMatch,
  type ImportMiss,
  importRows,
  matchImport,
  mergeTags,
  type TagScope,
} from '../../signals/tags';
import type { NoteInput, TagChange } from '../../signals/tags.schema';
import { recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { activeConnectionIds } from '../connection/clients';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { NotFoundError } from '../errors/not-found';
import type { SnapshotPatent } from '../portfolio/snapshot';
import { openSnapshotIndex } from '../portfolio/snapshot';

/**
 * Tags and notes on patents and families, kept in our own database (tables `patent_tag`,
 * `patent_note`). A patent shows its own tags and its family's. Every change is audited with what
 * it changed; nothing here reaches the service.
 */

export interface TagSummary {
  tag: string;
  patents: number;
  families: number;
}

type Actor = Pick<Viewer, 'userId' | 'email'>;

/*
 * Tags and notes name a patent id or a family reference, not a client: what a request sees of them
 * follows its clients (spec: rule 2). A user of every active client sees every tag, as before there
 * were several; anyone else sees the tags on the patents and families of their clients' snapshots,
 * and changing a tag or note of another client's patent or family is not found (404).
 */

/** The patents of the snapshots of these connections (the request's clients). */
async function patentsOfClients(connections: readonly string[]): Promise<SnapshotPatent[]> {
  const indexes = await Promise.all(connections.map((connection) => openSnapshotIndex(connection)));
  return indexes.flatMap((index) => [...(index?.patents.values() ?? [])]);
}

/** The targets these connections may see; null: all of them (the request has every client). */
async function visibleTargets(
  connections: readonly string[],
): Promise<{ patent: Set<string>; family: Set<string> } | null> {
  const active = await activeConnectionIds();
  if (active.every((connection) => connections.includes(connection))) return null;
  const patents = await patentsOfClients(connections);
  return {
    patent: new Set(patents.map((patent) => patent.id)),
    family: new Set(patents.flatMap((patent) => patent.clientFamilyReference ?? [])),
  };
}

/** Refuses, as not found, a target outside the request's clients. */
async function assertTargetsVisible(
  scope: TagScope,
  targets: readonly string[],
  connections: readonly string[],
): Promise<void> {
  const visible = await visibleTargets(connections);
  if (visible && targets.some((target) => !visible[scope].has(target))) throw new NotFoundError(scope);
}

/** Own and family tags of each patent, for the signals (lib/server/signals). */
export async function tagsOfPatents(
  patents: readonly { id: string; family: string | null }[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (patents.length === 0) return found;
  const families = [...new Set(patents.flatMap((patent) => (patent.family ? [patent.family] : [])))];
  const conditions: SQL[] = [
    and(
      eq(patentTag.scope, 'patent'),
      inArray(
        patentTag.target,
        patents.map((patent) => patent.id),
      ),
    ) as SQL,
  ];
  if (families.length > 0) {
    conditions.push(and(eq(patentTag.scope, 'family'), inArray(patentTag.target, families)) as SQL);
  }
  const db = await getDb();
  const rows = await db
    .select({ scope: patentTag.scope, target: patentTag.target, tag: patentTag.tag })
    .from(patentTag)
    .where(or(...conditions));
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.scope}:${row.target}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row.tag]);
  }
  for (const patent of patents) {
    found.set(
      patent.id,
      mergeTags(byKey.get(`patent:${patent.id}`), patent.family ? byKey.get(`family:${patent.family}`) : []),
    );
  }
  return found;
}

/** Every tag in use on the patents and families of these connections, with how many carry it. */
export async function tagSummary(
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<TagSummary[]> {
  const db = await getDb();
  const [rows, visible] = await Promise.all([
    db.select({ scope: patentTag.scope, target: patentTag.target, tag: patentTag.tag }).from(patentTag),
    visibleTargets(connections),
  ]);
  const summary = new Map<string, TagSummary>();
  for (const row of rows) {
    if (visible && !visible[row.scope].has(row.target)) continue;
    const entry = summary.get(row.tag) ?? { tag: row.tag, patents: 0, families: 0 };
    if (row.scope === 'patent') entry.patents += 1;
    else entry.families += 1;
    summary.set(row.tag, entry);
  }
  return [...summary.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}

/**
 * The ids of the patents of these connections carrying a tag, their own or their family's (a
 * family's members from the portfolio snapshots), sorted: what a table's tag filter keeps.
 */
export async function patentsTagged(
  tag: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<string[]> {
  const db = await getDb();
  const [rows, visible] = await Promise.all([
    db
      .select({ scope: patentTag.scope, target: patentTag.target })
      .from(patentTag)
      .where(eq(patentTag.tag, tag)),
    visibleTargets(connections),
  ]);
  const ids = new Set(
    rows
      .filter((row) => row.scope === 'patent' && (!visible || visible.patent.has(row.target)))
      .map((row) => row.target),
  );
  const families = new Set(rows.filter((row) => row.scope === 'family').map((row) => row.target));
  if (families.size > 0) {
    for (const patent of await patentsOfClients(connections)) {
      if (patent.clientFamilyReference && families.has(patent.clientFamilyReference)) ids.add(patent.id);
    }
  }
  return [...ids].sort();
}

/**
 * Adds and removes tags on each target (all of the request's clients, else 404 and nothing
 * changed); returns each target's own tags afterwards.
 */
export async function changeTags(
  actor: Actor,
  change: TagChange,
  requestId: string,
  connections: readonly string[],
): Promise<{ scope: TagScope; target: string; tags: string[] }[]> {
  const targets = [...new Set(change.targets)];
  await assertTargetsVisible(change.scope, targets, connections);
  const db = await getDb();
  const removed = change.remove.filter((tag) => !change.add.includes(tag));
  await db.transaction(async (tx) => {
    if (removed.length > 0) {
      await tx
        .delete(patentTag)
        .where(
          and(
            eq(patentTag.scope, change.scope),
            inArray(patentTag.target, targets),
            inArray(patentTag.tag, removed),
          ),
        );
    }
    if (change.add.length > 0) {
      await tx
        .insert(patentTag)
        .values(
          targets.flatMap((target) =>
            change.add.map((tag) => ({ scope: change.scope, target, tag, setByEmail: actor.email })),
          ),
        )
        .onConflictDoNothing();
    }
  });
  await recordAudit({
    actor: { userId: actor.userId, email: actor.email },
    action: 'tags.set',
    target:
      targets.length === 1 ? `${change.scope}:${targets[0]}` : `${change.scope}:${targets.length} targets`,
    outcome: 'success',
    requestId,
    details: { scope: change.scope, targets, added: change.add, removed },
  });
  const rows = await db
    .select({ target: patentTag.target, tag: patentTag.tag })
    .from(patentTag)
    .where(and(eq(patentTag.scope, change.scope), inArray(patentTag.target, targets)))
    .orderBy(asc(patentTag.tag));
  return targets.map((target) => ({
    scope: change.scope,
    target,
    tags: rows.filter((row) => row.target === target).map((row) => row.tag),
  }));
}

/** A patent's own tags and note, and its family's, for the patent page. */
export async function patentTagsAndNotes(
  patentId: string,
  family: string | null,
): Promise<{ scope: TagScope; target: string; heading: string; tags: string[]; note: string | null }[]> {
  const db = await getDb();
  const of = (table: typeof patentTag | typeof patentNote) => {
    const conditions: SQL[] = [and(eq(table.scope, 'patent'), eq(table.target, patentId)) as SQL];
    if (family) conditions.push(and(eq(table.scope, 'family'), eq(table.target, family)) as SQL);
    return or(...conditions);
  };
  const [tags, notes] = await Promise.all([
    db.select().from(patentTag).where(of(patentTag)).orderBy(asc(patentTag.tag)),
    db.select().from(patentNote).where(of(patentNote)),
  ]);
  const scopes: { scope: TagScope; target: string; heading: string }[] = [
    { scope: 'patent', target: patentId, heading: 'This patent' },
  ];
  if (family) scopes.push({ scope: 'family', target: family, heading: `Family ${family}` });
  return scopes.map((item) => ({
    ...item,
    tags: tags.filter((row) => row.scope === item.scope).map((row) => row.tag),
    note: notes.find((row) => row.scope === item.scope)?.note ?? null,
  }));
}

/**
 * Sets a note (an empty one removes it) on a patent or family of the request's clients (else
 * 404), audited with the note it replaced.
 */
export async function setNote(
  actor: Actor,
  input: NoteInput,
  requestId: string,
  connections: readonly string[],
): Promise<{ note: string | null }> {
  await assertTargetsVisible(input.scope, [input.target], connections);
  const db = await getDb();
  const where = and(eq(patentNote.scope, input.scope), eq(patentNote.target, input.target));
  const [before] = await db.select({ note: patentNote.note }).from(patentNote).where(where);
  if (input.note === '') await db.delete(patentNote).where(where);
  else {
    await db
      .insert(patentNote)
      .values({ scope: input.scope, target: input.target, note: input.note, updatedByEmail: actor.email })
      .onConflictDoUpdate({
        target: [patentNote.scope, patentNote.target],
        set: { note: input.note, updatedByEmail: actor.email, updatedAt: new Date() },
      });
  }
  await recordAudit({
    actor: { userId: actor.userId, email: actor.email },
    action: 'notes.set',
    target: `${input.scope}:${input.target}`,
    outcome: 'success',
    requestId,
    details: { before: before?.note ?? null, after: input.note || null },
  });
  return { note: input.note || null };
}

export type TagImport =
  | { ok: false; problem: string }
  | {
      ok: true;
      applied: boolean;
      rows: number;
      matched: ImportMatch[];
      unmatched: ImportMiss[];
      /** Patents the matched rows name. */
      patents: number;
    };

/**
 * A CSV of tags (and notes) keyed by provider id or case reference, matched against the portfolio
 * snapshots of the request's clients (another client's patents are matched by none): a preview says which patents each line names and which lines match none (and why);
 * applied, the tags are added (none removed) and the notes set, in one transaction, audited once.
 */
export async function importTags(
  actor: Actor,
  input: { csv: string; apply: boolean },
  requestId: string,
  connections: readonly string[],
): Promise<TagImport> {
  const parsed = Papa.parse<Record<string, string>>(input.csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const read = importRows(parsed.data, parsed.meta.fields ?? []);
  if ('problem' in read) return { ok: false, problem: read.problem };
  const { matched, unmatched } = matchImport(read.rows, await patentsOfClients(connections));
  const patents = new Set(matched.flatMap((match) => match.patentIds)).size;
  const apply = input.apply && matched.length > 0;
  if (apply) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      const tags = matched.flatMap((match) =>
        match.patentIds.flatMap((target) =>
          match.tags.map((tag) => ({ scope: 'patent' as const, target, tag, setByEmail: actor.email })),
        ),
      );
      for (let start = 0; start < tags.length; start += 1_000) {
        await tx
          .insert(patentTag)
          .values(tags.slice(start, start + 1_000))
          .onConflictDoNothing();
      }
      for (const match of matched) {
        if (match.note === null) continue;
        for (const target of match.patentIds) {
          await tx
            .insert(patentNote)
            .values({ scope: 'patent', target, note: match.note, updatedByEmail: actor.email })
            .onConflictDoUpdate({
              target: [patentNote.scope, patentNote.target],
              set: { note: match.note, updatedByEmail: actor.email, updatedAt: new Date() },
            });
        }
      }
    });
    await recordAudit({
      actor: { userId: actor.userId, email: actor.email },
      action: 'tags.import',
      target: `patent:${patents} patents`,
      outcome: 'success',
      requestId,
      details: {
        rows: read.rows.length,
        matchedLines: matched.length,
        unmatchedLines: unmatched.map((miss) => miss.line),
        patents,
      },
    });
  }
  return { ok: true, applied: apply, rows: read.rows.length, matched, unmatched, patents };
}
