/**
 * `lib/server/signals/`: what is put beside each renewal to decide on it (`signals.ts`,
 * `loadSignals`): cost to keep per currency from the forecast (`forecast_event`, the copy's later
 * decisions win), term left to the (extended) expiry, the family (patents sharing
 * `clientFamilyReference`, from the snapshot index) with its offices and how many are still kept
 * (not LAPSED, no lapse date or expiry passed, no DROP in the copy), the renewal's annuity year
 * and GRACE_PERIOD surcharge, the family's last decisions (`sync_event`) and the patent's tags;
 * our database only, never an upstream call. The keep score (`lib/signals/keep-score.ts`): 50 plus
 * a transparent rule's points for term left, cost against an expensive renewal per currency (never
 * across currencies), dropped family members and protecting or exposing tags, each reason shown
 * with one explaining sentence; the administrator's weights are `keep-score-policy.ts` (table
 * `keep_score_policy`, `/admin/keep-score`, `PUT /api/admin/keep-score`, `keep-score:weights`,
 * audited as `keep_score.weights`). The rules are `lib/signals/` (browser-safe); `GET
 * /api/signals` (`renewals:read`) serves the month view's Signals disclosure, the patent page
 * reads it directly. Many renewals at once: `keep-scores.ts` (`keepScoresOf`) scores a list in a
 * fixed number of queries whatever its length, on the same rule and inputs as `loadSignals` (each
 * patent's term and status kept per snapshot copy, the patents with a DROP per version of the
 * copy, forecast, tags and weights read on each use); the month view's rows carry `keepScore` (its
 * Keep score column, sort `keepScore` ascending = weakest first, local filter `scoreBelow`, in the
 * address, saved views and the export; and `tags`, the patent's and its family's from the same
 * read, for the local filter `tag`, any of those chosen), Today's listed rows a keep line
 * (`lib/signals/keep-line.ts`: the score, cost to keep per currency to the year it covers, the
 * year the term runs to, family kept x of y, the sentence) through `lib/server/today/keep.ts`.
 * Every cost to keep is worded by `lib/signals/cost-to-keep.ts`; while the client has no
 * forecast (`forecastTo` null) no cost is stated: it says the forecast is being built.
 */
import 'server-only';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { tolerant } from '../../annuity/schemas';
import { getDb } from '../../db';
import { forecastEvent, forecastRun, portfolioPatent, syncEvent } from '../../db/schema';
import type { ForecastEvent } from '../../forecast/data';
import { calendarToday } from '../../format/dates';
import { keepScore } from '../../signals/keep-score';
import {
  type FamilyDecision,
  familySignal,
  lastDecisions,
  type MemberFacts,
  type RenewalSignals,
  remainingCost,
  termLeft,
} from '../../signals/signals';
import { graceSurcharge } from '../../today/cost-of-waiting';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { currentGeneration, openSnapshotIndex } from '../portfolio/snapshot';
import type { SnapshotIndex } from '../portfolio/snapshot-index';
import { tagsOfPatents } from '../tags/tags';
import { readKeepScorePolicy } from './keep-score-policy';

/**
 * The signals beside each renewal, from our own database only: the portfolio snapshot (patents,
 * families, terms), the forecast (`forecast_event`, the remaining renewals' estimates) and the synced
 * copy (`sync_event`, the renewal itself and the decisions taken on the family). A page view costs
 * no upstream call, whatever the number of renewals shown (the service has no family endpoint).
 */

export interface SignalTarget {
  patentId: string;
  /** The renewal the signals stand beside; without one, the patent's next undecided renewal. */
  eventId?: string | null;
}

// The family of every patent of one snapshot generation, built once per in-memory index.
const familyIndexes = new WeakMap<SnapshotIndex, Map<string, string[]>>();

export function familiesOf(index: SnapshotIndex): Map<string, string[]> {
  let families = familyIndexes.get(index);
  if (!families) {
    families = new Map();
    for (const patent of index.patents.values()) {
      const reference = patent.clientFamilyReference;
      if (!reference) continue;
      const members = families.get(reference) ?? [];
      members.push(patent.id);
      families.set(reference, members);
    }
    familyIndexes.set(index, families);
  }
  return families;
}

type ParsedPatent = ReturnType<typeof tolerant.patent.parse>;

async function snapshotPatentsWhole(
  connection: string,
  ids: readonly string[],
): Promise<Map<string, ParsedPatent>> {
  const found = new Map<string, ParsedPatent>();
  const generation = await currentGeneration(connection);
  if (generation === null || ids.length === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ data: portfolioPatent.data })
    .from(portfolioPatent)
    .where(and(eq(portfolioPatent.generation, generation), inArray(portfolioPatent.id, [...ids])));
  for (const row of rows) {
    const parsed = tolerant.patent.safeParse(row.data);
    if (parsed.success) found.set(parsed.data.id, parsed.data);
  }
  return found;
}

async function copyEventsOf(connection: string, patentIds: readonly string[]): Promise<PatentEvent[]> {
  if (patentIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, connection), inArray(syncEvent.patentId, [...patentIds])));
  return rows
    .map((row) => JSON.parse(row.body) as PatentEvent)
    .filter((event) => event.eventType === 'RENEWAL');
}

async function forecastOf(patentIds: readonly string[], from: string): Promise<ForecastEvent[]> {
  if (patentIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(forecastEvent)
    .where(and(inArray(forecastEvent.patentId, [...patentIds]), gte(forecastEvent.dueDate, from)));
  return rows.map((row) => ({ ...row, components: Array.isArray(row.components) ? row.components : [] }));
}

/**
 * The last day the client's forecast covers (its last finished refresh); null while it has none,
 * when nothing is known of the renewals ahead: a fresh start, before the first build.
 */
export async function forecastHorizon(connection: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ windowTo: forecastRun.windowTo })
    .from(forecastRun)
    .where(and(eq(forecastRun.connection, connection), eq(forecastRun.status, 'done')))
    .orderBy(desc(forecastRun.finishedAt))
    .limit(1);
  return row?.windowTo ?? null;
}

function memberFacts(id: string, patent: ParsedPatent | undefined, office: string | null): MemberFacts {
  return {
    id,
    office: patent?.office ?? office,
    status: patent?.status ?? null,
    lapseDate: patent?.lapseDate ?? null,
    expirationDate: patent?.expirationDate ?? null,
    extendedExpirationDate: patent?.extendedExpirationDate ?? null,
  };
}

/** The renewal the signals stand beside: the one named, else the patent's next undecided one. */
function renewalOf(events: readonly PatentEvent[], target: SignalTarget): PatentEvent | null {
  if (target.eventId) return events.find((event) => event.id === target.eventId) ?? null;
  const open = events
    .filter((event) => event.patent.id === target.patentId && event.appliedDecision === null)
    .filter((event) => event.duePeriod !== 'LAPSED')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return open[0] ?? null;
}

/**
 * What keeping the patent costs from today: its forecast renewals, and the renewal the signals
 * stand beside as the copy has it when it is undecided with an estimate the forecast does not
 * carry: one in grace (due before today, still to be paid, its estimate with the GRACE_PERIOD
 * surcharge), or one the forecast was read before or beyond. A renewal with a fee is never
 * "nothing left to pay".
 */
function costWithRenewal(
  ownForecast: readonly ForecastEvent[],
  renewal: PatentEvent | null,
  target: SignalTarget,
  today: string,
) {
  const priced = (event: ForecastEvent) => event.eventId === renewal?.id && event.total !== null;
  const own =
    renewal?.appliedDecision === null &&
    renewal.fees &&
    (renewal.dueDate < today || (renewal.fees.total !== null && !ownForecast.some(priced)))
      ? [
          {
            eventId: renewal.id,
            patentId: target.patentId,
            dueDate: renewal.dueDate,
            month: renewal.dueDate.slice(0, 7),
            annuityYear: renewal.renewal?.annuityYear ?? null,
            office: null,
            owner: null,
            family: null,
            caseReference: null,
            currency: renewal.fees.currency,
            total: renewal.fees.total,
            components: renewal.fees.components,
            appliedDecision: null,
            isFxRateFrozen: renewal.isFxRateFrozen,
            feesStatus: renewal.fees.feesStatus,
          } satisfies ForecastEvent,
        ]
      : [];
  const rest = own.length > 0 ? ownForecast.filter((event) => event.eventId !== renewal?.id) : ownForecast;
  const from = own[0] && own[0].dueDate < today ? own[0].dueDate : today;
  return remainingCost([...own, ...rest], from);
}

/** Signals for each target, in the targets' order. */
export async function loadSignals(
  targets: readonly SignalTarget[],
  /** `connection`: the client the targets belong to; its copy, snapshot and families alone. */
  options: { now?: Date; connection?: string } = {},
): Promise<RenewalSignals[]> {
  const today = calendarToday(options.now);
  const connection = options.connection ?? DEFAULT_CONNECTION;
  const index = await openSnapshotIndex(connection);
  const families = index ? familiesOf(index) : new Map<string, string[]>();
  const familyOfPatent = (id: string) => index?.patents.get(id)?.clientFamilyReference ?? null;

  const targetIds = [...new Set(targets.map((target) => target.patentId))];
  const memberIds = new Set(targetIds);
  for (const id of targetIds) {
    const reference = familyOfPatent(id);
    for (const member of reference ? (families.get(reference) ?? []) : []) memberIds.add(member);
  }
  const members = [...memberIds];
  const [patents, copyEvents, forecast, horizon, tags, policy] = await Promise.all([
    snapshotPatentsWhole(connection, members),
    copyEventsOf(connection, members),
    forecastOf(targetIds, today),
    forecastHorizon(connection),
    tagsOfPatents(
      targetIds.map((id) => ({ id, family: familyOfPatent(id) })),
      connection,
    ),
    readKeepScorePolicy(),
  ]);

  // A DROP on any renewal lets the right lapse (spec: Instruction rules): the member is no longer kept.
  const dropped = new Set<string>();
  const decisionsByPatent = new Map<string, FamilyDecision[]>();
  const decidedInCopy = new Map<string, string>();
  for (const event of copyEvents) {
    if (!event.appliedDecision) continue;
    decidedInCopy.set(event.id, event.appliedDecision);
    if (event.appliedDecision === 'DROP') dropped.add(event.patent.id);
    const patent = index?.patents.get(event.patent.id);
    const list = decisionsByPatent.get(event.patent.id) ?? [];
    list.push({
      patentId: event.patent.id,
      office: patent?.office ?? null,
      caseReference: patent?.clientCaseReference ?? null,
      annuityYear: event.renewal?.annuityYear ?? null,
      dueDate: event.dueDate,
      decision: event.appliedDecision,
    });
    decisionsByPatent.set(event.patent.id, list);
  }

  return targets.map((target): RenewalSignals => {
    const patent = patents.get(target.patentId);
    const reference = patent?.clientFamilyReference ?? familyOfPatent(target.patentId);
    const familyIds = reference ? (families.get(reference) ?? [target.patentId]) : [target.patentId];
    const family = familySignal(
      reference,
      familyIds.map((id) => memberFacts(id, patents.get(id), index?.patents.get(id)?.office ?? null)),
      dropped,
      today,
    );
    const renewal = renewalOf(copyEvents, target);
    // The copy is read more often than the daily forecast: a decision taken since wins.
    const ownForecast = forecast
      .filter((event) => event.patentId === target.patentId)
      .map((event) => ({
        ...event,
        appliedDecision: decidedInCopy.get(event.eventId) ?? event.appliedDecision,
      }));
    const cost =
      horizon === null ? { costs: [], unpriced: 0 } : costWithRenewal(ownForecast, renewal, target, today);
    const term = patent ? termLeft(patent, today) : null;
    const ownTags = tags.get(target.patentId) ?? [];
    const base = { costToExpiry: cost.costs, term, family, tags: ownTags };
    return {
      patentId: target.patentId,
      eventId: renewal?.id ?? target.eventId ?? null,
      annuityYear: renewal?.renewal?.annuityYear ?? null,
      dueDate: renewal?.dueDate ?? null,
      costToExpiry: cost.costs,
      unpricedRenewals: cost.unpriced,
      forecastTo: horizon,
      beyondForecast: Boolean(term && horizon && term.expiry > horizon),
      term,
      family,
      surcharge: renewal ? graceSurcharge(renewal.fees ?? null) : null,
      inGrace: renewal?.duePeriod === 'GRACE_PERIOD',
      decisions: lastDecisions(familyIds.flatMap((id) => decisionsByPatent.get(id) ?? [])),
      tags: ownTags,
      keep: keepScore(base, policy.weights),
    };
  });
}
