import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import {
  forecastEvent,
  forecastRun,
  patentTag,
  portfolioPatent,
  syncEvent,
  syncWindow,
} from '../../db/schema';
import type { ForecastEvent } from '../../forecast/data';
import { calendarToday } from '../../format/dates';
import type { RenewalRow } from '../../renewals/rows';
import type { KeepLine } from '../../signals/keep-line';
import { type KeepScore, keepScore, keepSentence } from '../../signals/keep-score';
import {
  type FamilySignal,
  familySignal,
  type MemberFacts,
  type RenewalSignals,
  remainingCost,
  type TermLeft,
  termLeft,
} from '../../signals/signals';
import { mergeTags } from '../../signals/tags';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { currentGeneration, openSnapshotIndex } from '../portfolio/snapshot';
import type { SnapshotIndex } from '../portfolio/snapshot-index';
import { readKeepScorePolicy } from './keep-score-policy';
import { familiesOf, forecastHorizon } from './signals';

/**
 * The keep score of many renewals at once (the month view's ~3,000 rows, Today's listed rows), from
 * our own database in a fixed number of queries whatever the number of rows, on the same rule and
 * inputs as `loadSignals` (./signals.ts, one patent's facts read whole for its page). The month
 * view has a 100 ms server budget, so what the score is built from is kept per process, each part
 * with the version of what it was read from, checked on every use in one small query each:
 *
 * - each patent's term and status per snapshot copy;
 * - the patents with a DROP per month of the synced copy and the month's version (every walk and
 *   read bumps it), so a sync rescans only the months it walked;
 * - each patent's forecast renewals per finished forecast run;
 * - the tags per state of `patent_tag` (its row count and latest change);
 * - and the results built from them (cost per currency, family, term; then the score under the
 *   weights), per combination of those versions and the calendar day.
 *
 * A renewal's own state in the copy is newer than the daily forecast: a decision it carries that
 * the forecast does not, a renewal in grace (due before today and still to pay), or an estimate
 * the forecast does not carry (read before it, or beyond its window), is costed for that row
 * alone. While the client has no forecast no cost is stated (`forecastTo` null).
 */

type KeepSignals = Pick<
  RenewalSignals,
  'costToExpiry' | 'unpricedRenewals' | 'forecastTo' | 'term' | 'family' | 'tags'
>;

export interface KeepOfRenewal {
  keep: KeepScore;
  /** The sentence that explains the score (lib/signals/keep-score.ts keepSentence), when asked for. */
  sentence: string | null;
  signals: KeepSignals;
}

/** What the bulk path needs of a renewal: a month-view row has it all. */
type KeepTarget = Pick<
  RenewalRow,
  'eventId' | 'patentId' | 'dueDate' | 'appliedDecision' | 'fees' | 'client'
>;

type Facts = Omit<MemberFacts, 'id' | 'office'>;
type CostEvent = Pick<
  ForecastEvent,
  'eventId' | 'patentId' | 'dueDate' | 'currency' | 'total' | 'appliedDecision'
>;

interface Held<T> {
  version: string;
  value: T;
}

/** Per database handle (a test opens several), on globalThis so a module reload keeps it. */
const holder = globalThis as typeof globalThis & {
  __keepScores?: WeakMap<object, Map<string, Held<unknown>>>;
};

function slot<T>(db: object, name: string, version: string, fresh: () => T): T {
  holder.__keepScores ??= new WeakMap();
  let slots = holder.__keepScores.get(db);
  if (!slots) {
    slots = new Map();
    holder.__keepScores.set(db, slots);
  }
  const held = slots.get(name) as Held<T> | undefined;
  if (held?.version === version) return held.value;
  const value = fresh();
  slots.set(name, { version, value });
  return value;
}

/** A failed read is not kept: the next view reads again. */
function forgetOnFailure<T>(db: object, name: string, value: Promise<T>): Promise<T> {
  value.catch(() => {
    const slots = holder.__keepScores?.get(db);
    if (slots?.get(name)?.value === value) slots.delete(name);
  });
  return value;
}

// Each snapshot copy (a refresh, a patent remembered) is a new index object: a number names it.
const indexIds = new WeakMap<SnapshotIndex, number>();
let nextIndexId = 1;
function indexId(index: SnapshotIndex | null): number {
  if (!index) return 0;
  let id = indexIds.get(index);
  if (id === undefined) {
    id = nextIndexId++;
    indexIds.set(index, id);
  }
  return id;
}

interface Versions {
  forecast: string;
  tags: string;
}

/** The versions of the forecast and the tags: two small aggregates. */
async function versions(): Promise<Versions> {
  const db = await getDb();
  const [forecast, tags] = await Promise.all([
    db
      .select({
        version: sql<string>`coalesce(max(${forecastRun.finishedAt})::text, '') || ':' || count(*)::text`,
      })
      .from(forecastRun)
      .where(eq(forecastRun.status, 'done')),
    db
      .select({ version: sql<string>`count(*)::text || ':' || coalesce(max(${patentTag.setAt})::text, '')` })
      .from(patentTag),
  ]);
  return { forecast: forecast[0]?.version ?? '', tags: tags[0]?.version ?? '' };
}

async function patentFacts(
  db: object,
  connection: string,
  index: SnapshotIndex | null,
  ids: readonly string[],
): Promise<Map<string, Facts | null>> {
  const kept = slot(db, `facts:${connection}`, `${indexId(index)}`, () => new Map<string, Facts | null>());
  const missing = ids.filter((id) => !kept.has(id));
  const generation = missing.length > 0 ? await currentGeneration(connection) : null;
  if (generation !== null) {
    const database = await getDb();
    // Four fields of the stored patent, not the whole document: read for thousands of patents.
    const rows = await database
      .select({
        id: portfolioPatent.id,
        status: sql<string | null>`${portfolioPatent.data}->>'status'`,
        lapseDate: sql<string | null>`${portfolioPatent.data}->>'lapseDate'`,
        expirationDate: sql<string | null>`${portfolioPatent.data}->>'expirationDate'`,
        extendedExpirationDate: sql<string | null>`${portfolioPatent.data}->>'extendedExpirationDate'`,
      })
      .from(portfolioPatent)
      .where(and(eq(portfolioPatent.generation, generation), inArray(portfolioPatent.id, missing)));
    for (const row of rows) {
      kept.set(row.id, {
        status: row.status,
        lapseDate: row.lapseDate,
        expirationDate: row.expirationDate,
        extendedExpirationDate: row.extendedExpirationDate,
      });
    }
  }
  for (const id of missing) if (!kept.has(id)) kept.set(id, null);
  return kept;
}

interface Drops {
  patents: Set<string>;
  /** The dropped patents as text: families are kept while it stays the same. */
  key: string;
}

/**
 * Patents with a DROP on any renewal in the copy (spec: Instruction rules, DROP lets the right
 * lapse), kept per month of the copy with the month's version: a walk of one month (the sync does
 * one every few minutes) rescans that month alone, by its index.
 */
async function droppedPatents(db: object, connection: string): Promise<Drops> {
  const database = await getDb();
  const months = await database
    .select({ month: syncWindow.month, version: syncWindow.version })
    .from(syncWindow)
    .where(eq(syncWindow.connection, connection));
  const held = slot(
    db,
    `drops:${connection}`,
    'by month',
    () => new Map<string, { version: number; patents: string[] }>(),
  );
  const stale = months.filter((row) => held.get(row.month)?.version !== row.version);
  if (stale.length > 0) {
    const rows = await database
      .select({ month: syncEvent.month, patentId: syncEvent.patentId })
      .from(syncEvent)
      .where(
        and(
          eq(syncEvent.connection, connection),
          inArray(
            syncEvent.month,
            stale.map((row) => row.month),
          ),
          sql`strpos(${syncEvent.body}, '"appliedDecision":"DROP"') > 0`,
        ),
      );
    for (const row of stale) held.set(row.month, { version: row.version, patents: [] });
    for (const row of rows) held.get(row.month)?.patents.push(row.patentId);
  }
  const current = new Set(months.map((row) => row.month));
  for (const month of [...held.keys()]) if (!current.has(month)) held.delete(month);
  const patents = new Set([...held.values()].flatMap((entry) => entry.patents));
  return { patents, key: [...patents].sort().join(',') };
}

/** Each patent's renewals in the stored forecast (`forecast_event` is replaced only by a run). */
async function forecastOf(
  db: object,
  version: string,
  patentIds: readonly string[],
): Promise<Map<string, CostEvent[]>> {
  const byPatent = slot(db, 'forecast', version, () => new Map<string, CostEvent[]>());
  const missing = patentIds.filter((id) => !byPatent.has(id));
  if (missing.length > 0) {
    const database = await getDb();
    const rows = await database
      .select({
        eventId: forecastEvent.eventId,
        patentId: forecastEvent.patentId,
        dueDate: forecastEvent.dueDate,
        currency: forecastEvent.currency,
        total: forecastEvent.total,
        appliedDecision: forecastEvent.appliedDecision,
      })
      .from(forecastEvent)
      .where(inArray(forecastEvent.patentId, missing));
    const found = new Map<string, CostEvent[]>(missing.map((id) => [id, []]));
    for (const row of rows) found.get(row.patentId)?.push(row);
    for (const [id, events] of found) byPatent.set(id, events);
  }
  return byPatent;
}

/** Every tag by `connection|scope:target`, read whole: a team's tags are far fewer rows than a month's patents. */
function allTags(db: object, version: string): Promise<Map<string, string[]>> {
  return slot(db, 'tags', version, () =>
    forgetOnFailure(
      db,
      'tags',
      getDb()
        .then((database) =>
          database
            .select({
              connection: patentTag.connection,
              scope: patentTag.scope,
              target: patentTag.target,
              tag: patentTag.tag,
            })
            .from(patentTag),
        )
        .then((rows) => {
          const byKey = new Map<string, string[]>();
          for (const row of rows) {
            // A tag is its client's: a family reference may be used by two clients.
            const key = `${row.connection}|${row.scope}:${row.target}`;
            const list = byKey.get(key);
            if (list) list.push(row.tag);
            else byKey.set(key, [row.tag]);
          }
          return byKey;
        }),
    ),
  );
}

/** The cost functions read only these fields of a forecast event. */
const asForecast = (events: readonly CostEvent[]) => events as readonly ForecastEvent[];

interface PatentBase {
  cost: { costs: RenewalSignals['costToExpiry']; unpriced: number };
  term: TermLeft | null;
}

interface Scored {
  keep: KeepScore;
  tags: string[];
  cost: PatentBase['cost'];
  /** The sentence per locale, written on first use. */
  sentences: Map<string, string>;
}

interface KeepOptions {
  now?: Date;
  locale?: string;
  /** Also write each score's sentence (a list that shows only the number need not). */
  sentences?: boolean;
}

/**
 * The keep score of each renewal, by event id. Each client's renewals are scored from that client's
 * copy, snapshot and families alone (spec: rule 2): `connections` are the list's clients, and a
 * renewal of a list over several says its client (RenewalRow.client).
 */
export async function keepScoresOf(
  targets: readonly KeepTarget[],
  options: KeepOptions & { connections?: readonly string[] } = {},
): Promise<Map<string, KeepOfRenewal>> {
  const [only = DEFAULT_CONNECTION, ...others] = options.connections ?? [DEFAULT_CONNECTION];
  if (others.length === 0) return keepScoresOfClient(only, targets, options);
  const byClient = new Map<string, KeepTarget[]>();
  for (const target of targets) {
    const connection = target.client?.id ?? only;
    const list = byClient.get(connection);
    if (list) list.push(target);
    else byClient.set(connection, [target]);
  }
  const parts = await Promise.all(
    [...byClient].map(([connection, list]) => keepScoresOfClient(connection, list, options)),
  );
  return new Map(parts.flatMap((part) => [...part]));
}

async function keepScoresOfClient(
  connection: string,
  targets: readonly KeepTarget[],
  options: KeepOptions,
): Promise<Map<string, KeepOfRenewal>> {
  const scores = new Map<string, KeepOfRenewal>();
  if (targets.length === 0) return scores;
  const today = calendarToday(options.now);
  const db = await getDb();
  const [index, version, policy, drops] = await Promise.all([
    openSnapshotIndex(connection),
    versions(),
    readKeepScorePolicy(),
    droppedPatents(db, connection),
  ]);
  // Without the client's forecast nothing is known of the renewals ahead: no cost is stated.
  const horizon = await slot(db, `horizon:${connection}`, version.forecast, () =>
    forgetOnFailure(db, `horizon:${connection}`, forecastHorizon(connection)),
  );
  const noCost: PatentBase['cost'] = { costs: [], unpriced: 0 };
  const families = index ? familiesOf(index) : new Map<string, string[]>();
  const familyOf = (id: string) => index?.patents.get(id)?.clientFamilyReference ?? null;
  const patentIds = [...new Set(targets.map((target) => target.patentId))];

  // Each part is kept for as long as what it is built from: cost and term per forecast run, the
  // family while no DROP is added or gone, the score (and its sentence) per both, the tags and the weights.
  const bases = slot(
    db,
    `bases:${connection}`,
    `${indexId(index)}|${version.forecast}|${today}`,
    () => new Map<string, PatentBase>(),
  );
  const familyMemo = slot(
    db,
    `families:${connection}`,
    `${indexId(index)}|${drops.key}|${today}`,
    () => new Map<string, FamilySignal | null>(),
  );
  const scoreKey = `${indexId(index)}|${drops.key}|${version.forecast}|${today}|${version.tags}|${policy.updatedAt ?? 'default'}`;
  const scored = slot(db, `scores:${connection}`, scoreKey, () => new Map<string, Scored>());

  const toBuild = patentIds.filter((id) => !bases.has(id));
  const references = [...new Set(patentIds.flatMap((id) => familyOf(id) ?? []))].filter(
    (reference) => !familyMemo.has(reference),
  );
  const memberIds = new Set(toBuild);
  for (const reference of references)
    for (const member of families.get(reference) ?? []) memberIds.add(member);
  const [facts, forecast, tags] = await Promise.all([
    patentFacts(db, connection, index, [...memberIds]),
    forecastOf(db, version.forecast, patentIds),
    allTags(db, version.tags),
  ]);
  const memberOf = (id: string): MemberFacts => ({
    id,
    office: index?.patents.get(id)?.office ?? null,
    status: null,
    lapseDate: null,
    expirationDate: null,
    extendedExpirationDate: null,
    ...facts.get(id),
  });
  for (const reference of references) {
    familyMemo.set(
      reference,
      familySignal(reference, (families.get(reference) ?? []).map(memberOf), drops.patents, today),
    );
  }
  for (const id of toBuild) {
    const patent = facts.get(id);
    bases.set(id, {
      cost: horizon === null ? noCost : remainingCost(asForecast(forecast.get(id) ?? []), today),
      term: patent ? termLeft(patent, today) : null,
    });
  }

  for (const target of targets) {
    const base = bases.get(target.patentId) as PatentBase;
    const reference = familyOf(target.patentId);
    const own = forecast.get(target.patentId) ?? [];
    // The copy's state of this very renewal, when it differs from what the forecast assumed.
    const inGrace = target.appliedDecision === null && target.dueDate < today && target.fees !== null;
    const decidedSince = own.some(
      (event) => event.eventId === target.eventId && event.appliedDecision !== target.appliedDecision,
    );
    // Undecided with an estimate the forecast does not carry (read before it, or beyond it).
    const unforecast =
      target.appliedDecision === null &&
      target.fees?.total != null &&
      !own.some((event) => event.eventId === target.eventId && event.total !== null);
    const shared = horizon === null || (!inGrace && !decidedSince && !unforecast);
    // Such a renewal is kept by its own state (Today's grace buckets hold hundreds of them).
    const key = shared
      ? target.patentId
      : `${target.eventId}|${target.appliedDecision}|${target.fees?.currency}|${target.fees?.total}`;
    let found = scored.get(key);
    const cost = shared ? base.cost : (found?.cost ?? rowCost(target, own, today, inGrace || unforecast));
    const signals: KeepSignals = {
      costToExpiry: cost.costs,
      unpricedRenewals: cost.unpriced,
      forecastTo: horizon,
      term: base.term,
      family: reference ? (familyMemo.get(reference) ?? null) : null,
      tags: [],
    };
    if (!found) {
      const ownTags = mergeTags(
        tags.get(`${connection}|patent:${target.patentId}`),
        reference ? tags.get(`${connection}|family:${reference}`) : [],
      );
      found = {
        keep: keepScore({ ...signals, tags: ownTags }, policy.weights),
        tags: ownTags,
        sentences: new Map(),
        cost,
      };
      scored.set(key, found);
    }
    signals.tags = found.tags;
    let sentence: string | null = null;
    if (options.sentences) {
      const locale = options.locale ?? '';
      sentence = found.sentences.get(locale) ?? keepSentence(signals, found.keep, options.locale);
      found.sentences.set(locale, sentence);
    }
    scores.set(target.eventId, { keep: found.keep, sentence, signals });
  }
  return scores;
}

/**
 * One renewal costed with its own state from the copy: a decision since the forecast, or counted
 * with its own estimate (`counted`) when in grace or when the forecast does not carry it.
 */
function rowCost(target: KeepTarget, own: readonly CostEvent[], today: string, counted: boolean) {
  const self: CostEvent[] =
    counted && target.fees
      ? [
          {
            eventId: target.eventId,
            patentId: target.patentId,
            dueDate: target.dueDate,
            currency: target.fees.currency,
            total: target.fees.total,
            appliedDecision: null,
          },
        ]
      : [];
  const events = own.flatMap((event) =>
    event.eventId !== target.eventId
      ? [event]
      : self.length > 0
        ? []
        : [{ ...event, appliedDecision: target.appliedDecision }],
  );
  const from = self[0] && self[0].dueDate < today ? self[0].dueDate : today;
  return remainingCost(asForecast([...self, ...events]), from);
}

/** The score and the signals a list row shows (lib/signals/keep-line.ts). */
export function keepLineOf(found: KeepOfRenewal): KeepLine {
  const { signals } = found;
  return {
    score: found.keep.score,
    sentence: found.sentence ?? '',
    costs: signals.costToExpiry.map((line) => ({
      currency: line.currency,
      total: line.total,
      lastDue: line.lastDue,
    })),
    forecast: signals.forecastTo !== null,
    termTo: signals.term?.expiry ?? null,
    termMonths: signals.term?.months ?? null,
    family: signals.family ? { kept: signals.family.kept, members: signals.family.members } : null,
  };
}
