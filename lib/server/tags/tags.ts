/**
 * `lib/server/tags/`: a team's tags and notes on patents and families (`tags.ts`, tables
 * `patent_tag`, `patent_note`; a patent shows its own tags and its family's): set one by one on
 * the patent page or on a selection at once (`POST /api/tags` with many targets), notes by `PUT
 * /api/notes`, imported from a CSV keyed by provider id or case reference (`POST
 * /api/tags/import`: a preview with every line that matched no patent and why, then `apply`; rules
 * in `lib/signals/tags.ts`), listed per tag at `/portfolio/tags` (`GET /api/tags?tag=`: a family's
 * tag reaches each member). The portfolio table filters on a tag (`tag` in
 * `lib/portfolio/url-state.ts`, so its address, export and saved views carry it; `filter.ts`,
 * `carriesTag`: one EXISTS over `patent_tag` in the snapshot's page and search queries).
 * `tags:write` (paralegals, managers); every change audited as `tags.set`, `notes.set`,
 * `tags.import`.
 */
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
import { auditSuccess, recordAudit, soleClientOf } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { invalidInput } from '../errors/domain-error';
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
 * Tags and notes belong to a client (their `connection`, spec: rule 2): a patent's to the client
 * whose portfolio holds it, a family's to the client whose family it is (a family reference is the
 * client's own, so two clients may use the same one and never see each other's tags or notes).
 * A request reads those of its clients only, and changing one of another client's patent or
 * family is not found (404).
 */

/** The patents of the snapshots of these connections (the request's clients), with their client. */
async function patentsOfClients(
  connections: readonly string[],
): Promise<{ patent: SnapshotPatent; connection: string }[]> {
  const indexes = await Promise.all(
    connections.map(async (connection) => ({ connection, index: await openSnapshotIndex(connection) })),
  );
  return indexes.flatMap(({ connection, index }) =>
    [...(index?.patents.values() ?? [])].map((patent) => ({ patent, connection })),
  );
}

/**
 * The client of each target among the request's clients: a patent's is the one holding it; a
 * family's is the one client using that reference, or the `client` the request names when several
 * do (400 naming `client` without it). A target none of them holds is not found (404).
 */
async function clientsOfTargets(
  scope: TagScope,
  targets: readonly string[],
  connections: readonly string[],
  client?: string,
): Promise<Map<string, string>> {
  const holders = new Map<string, Set<string>>();
  for (const { patent, connection } of await patentsOfClients(connections)) {
    const key = scope === 'patent' ? patent.id : patent.clientFamilyReference;
    if (!key) continue;
    holders.set(key, (holders.get(key) ?? new Set()).add(connection));
  }
  const owners = new Map<string, string>();
  for (const target of targets) {
    const holding = holders.get(target);
    if (!holding || holding.size === 0) throw new NotFoundError(scope);
    const [only] = holding;
    if (holding.size === 1 && only) owners.set(target, only);
    else if (client && holding.has(client)) owners.set(target, client);
    else
      throw invalidInput('Several of your clients use this family reference: say which client it is for.', [
        { field: 'client', message: 'name the client of the family' },
      ]);
  }
  return owners;
}

/**
 * The client of one patent or family among the request's clients, as clientsOfTargets decides it
 * (404 when none of them holds it): the one check of every record kept on a patent or family
 * (tags, notes, standing instructions).
 */
export async function clientOfTarget(
  scope: TagScope,
  target: string,
  connections: readonly string[],
  client?: string,
): Promise<string> {
  return (await clientsOfTargets(scope, [target], connections, client)).get(target) as string;
}

/** Own and family tags of each patent of one client, for the signals (lib/server/signals). */
export async function tagsOfPatents(
  patents: readonly { id: string; family: string | null }[],
  connection: string = DEFAULT_CONNECTION,
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
    .where(and(eq(patentTag.connection, connection), or(...conditions)));
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
  const rows = await db
    .select({ scope: patentTag.scope, target: patentTag.target, tag: patentTag.tag })
    .from(patentTag)
    .where(inArray(patentTag.connection, [...connections]));
  const summary = new Map<string, TagSummary>();
  for (const row of rows) {
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
  const rows = await db
    .select({ connection: patentTag.connection, scope: patentTag.scope, target: patentTag.target })
    .from(patentTag)
    .where(and(eq(patentTag.tag, tag), inArray(patentTag.connection, [...connections])));
  const ids = new Set(rows.filter((row) => row.scope === 'patent').map((row) => row.target));
  const families = new Set(
    rows.filter((row) => row.scope === 'family').map((row) => `${row.connection}|${row.target}`),
  );
  if (families.size > 0) {
    for (const { patent, connection } of await patentsOfClients(connections)) {
      if (patent.clientFamilyReference && families.has(`${connection}|${patent.clientFamilyReference}`))
        ids.add(patent.id);
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
  const owners = await clientsOfTargets(change.scope, targets, connections, change.client);
  const ownerOf = (target: string) => owners.get(target) as string;
  const db = await getDb();
  const removed = change.remove.filter((tag) => !change.add.includes(tag));
  await db.transaction(async (tx) => {
    if (removed.length > 0) {
      for (const target of targets)
        await tx
          .delete(patentTag)
          .where(
            and(
              eq(patentTag.connection, ownerOf(target)),
              eq(patentTag.scope, change.scope),
              eq(patentTag.target, target),
              inArray(patentTag.tag, removed),
            ),
          );
    }
    if (change.add.length > 0) {
      await tx
        .insert(patentTag)
        .values(
          targets.flatMap((target) =>
            change.add.map((tag) => ({
              connection: ownerOf(target),
              scope: change.scope,
              target,
              tag,
              setByEmail: actor.email,
            })),
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
    connection: soleClientOf(owners.values()),
    outcome: 'success',
    requestId,
    details: { scope: change.scope, targets, added: change.add, removed },
  });
  const rows = await db
    .select({ connection: patentTag.connection, target: patentTag.target, tag: patentTag.tag })
    .from(patentTag)
    .where(and(eq(patentTag.scope, change.scope), inArray(patentTag.target, targets)))
    .orderBy(asc(patentTag.tag));
  return targets.map((target) => ({
    scope: change.scope,
    target,
    tags: rows
      .filter((row) => row.target === target && row.connection === ownerOf(target))
      .map((row) => row.tag),
  }));
}

/** A patent's own tags and note, and its family's, for the patent page (the patent's client's). */
export async function patentTagsAndNotes(
  patentId: string,
  family: string | null,
  connection: string = DEFAULT_CONNECTION,
): Promise<{ scope: TagScope; target: string; heading: string; tags: string[]; note: string | null }[]> {
  const db = await getDb();
  const of = (table: typeof patentTag | typeof patentNote) => {
    const conditions: SQL[] = [and(eq(table.scope, 'patent'), eq(table.target, patentId)) as SQL];
    if (family) conditions.push(and(eq(table.scope, 'family'), eq(table.target, family)) as SQL);
    return and(eq(table.connection, connection), or(...conditions));
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
  const owner = await clientOfTarget(input.scope, input.target, connections, input.client);
  const db = await getDb();
  const where = and(
    eq(patentNote.connection, owner),
    eq(patentNote.scope, input.scope),
    eq(patentNote.target, input.target),
  );
  const [before] = await db.select({ note: patentNote.note }).from(patentNote).where(where);
  if (input.note === '') await db.delete(patentNote).where(where);
  else {
    await db
      .insert(patentNote)
      .values({
        connection: owner,
        scope: input.scope,
        target: input.target,
        note: input.note,
        updatedByEmail: actor.email,
      })
      .onConflictDoUpdate({
        target: [patentNote.connection, patentNote.scope, patentNote.target],
        set: { note: input.note, updatedByEmail: actor.email, updatedAt: new Date() },
      });
  }
  await auditSuccess(
    actor,
    'notes.set',
    `${input.scope}:${input.target}`,
    requestId,
    { before: before?.note ?? null, after: input.note || null },
    owner,
  );
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
  const owned = await patentsOfClients(connections);
  const ownerOf = new Map(owned.map(({ patent, connection }) => [patent.id, connection]));
  const { matched, unmatched } = matchImport(
    read.rows,
    owned.map(({ patent }) => patent),
  );
  const patents = new Set(matched.flatMap((match) => match.patentIds)).size;
  const apply = input.apply && matched.length > 0;
  if (apply) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      const tags = matched.flatMap((match) =>
        match.patentIds.flatMap((target) =>
          match.tags.map((tag) => ({
            connection: ownerOf.get(target) ?? DEFAULT_CONNECTION,
            scope: 'patent' as const,
            target,
            tag,
            setByEmail: actor.email,
          })),
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
            .values({
              connection: ownerOf.get(target) ?? DEFAULT_CONNECTION,
              scope: 'patent',
              target,
              note: match.note,
              updatedByEmail: actor.email,
            })
            .onConflictDoUpdate({
              target: [patentNote.connection, patentNote.scope, patentNote.target],
              set: { note: match.note, updatedByEmail: actor.email, updatedAt: new Date() },
            });
        }
      }
    });
    await auditSuccess(
      actor,
      'tags.import',
      `patent:${patents} patents`,
      requestId,
      {
        rows: read.rows.length,
        matchedLines: matched.length,
        unmatchedLines: unmatched.map((miss) => miss.line),
        patents,
      },
      soleClientOf(
        matched.flatMap((match) => match.patentIds.map((id) => ownerOf.get(id) ?? DEFAULT_CONNECTION)),
      ),
    );
  }
  return { ok: true, applied: apply, rows: read.rows.length, matched, unmatched, patents };
}
