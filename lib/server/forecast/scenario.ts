import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { addAmounts } from '../../annuity/money';
import { getDb } from '../../db';
import { forecastEvent, forecastRun, renewalBudget } from '../../db/schema';
import {
  patentMatches,
  type ScenarioLine,
  type ScenarioRenewal,
  type ScenarioRule,
  scenarioLines,
  stoppedRenewals,
} from '../../forecast/scenario';
import { loadSignals } from '../signals/signals';
import { patentsTagged, tagSummary } from '../tags/tags';

/**
 * A what-if scenario over the stored forecast (lib/forecast/scenario.ts): no upstream call. The
 * budgets compared are the portfolio's own (no office, no family), per year and currency.
 */
export interface ScenarioData {
  rule: ScenarioRule;
  lines: ScenarioLine[];
  patents: number;
  stopped: ScenarioRenewal[];
  stoppedWithoutEstimate: number;
  /** What the rule's fields can be set to, from the forecast and the tags in use. */
  choices: { offices: string[]; families: string[]; tags: string[] };
  /** When the forecast was last read from the service; null when it never was. */
  forecastReadAt: string | null;
}

/** A scenario over the forecast and company-wide budgets of the given clients (a request's scope). */
export async function loadScenario(
  rule: ScenarioRule,
  connections: readonly string[],
): Promise<ScenarioData> {
  const db = await getDb();
  const clients = [...connections];
  const [renewals, budgets, tags, tagged, lastRun] = await Promise.all([
    db
      .select({
        connection: forecastEvent.connection,
        eventId: forecastEvent.eventId,
        patentId: forecastEvent.patentId,
        dueDate: forecastEvent.dueDate,
        annuityYear: forecastEvent.annuityYear,
        office: forecastEvent.office,
        family: forecastEvent.family,
        caseReference: forecastEvent.caseReference,
        currency: forecastEvent.currency,
        total: forecastEvent.total,
        appliedDecision: forecastEvent.appliedDecision,
      })
      .from(forecastEvent)
      .where(inArray(forecastEvent.connection, clients))
      .orderBy(asc(forecastEvent.dueDate)),
    db
      .select({ year: renewalBudget.year, currency: renewalBudget.currency, amount: renewalBudget.amount })
      .from(renewalBudget)
      .where(
        and(
          inArray(renewalBudget.connection, clients),
          eq(renewalBudget.office, ''),
          eq(renewalBudget.family, ''),
        ),
      ),
    tagSummary(clients),
    Promise.all(rule.tags.map((tag) => patentsTagged(tag, clients))),
    db
      .select({ finishedAt: forecastRun.finishedAt })
      .from(forecastRun)
      .where(and(inArray(forecastRun.connection, clients), eq(forecastRun.status, 'done')))
      .orderBy(desc(forecastRun.finishedAt))
      .limit(1),
  ]);
  const taggedSet = new Set(tagged.flat());
  const stopped = stoppedRenewals(renewals, rule, taggedSet, await scoresOf(renewals, rule, taggedSet));
  const { lines, stoppedWithoutEstimate } = scenarioLines(
    renewals,
    stopped,
    budgetsByYearAndCurrency(budgets),
  );
  const distinct = (values: (string | null)[]) =>
    [...new Set(values.filter((value): value is string => value !== null && value !== ''))].sort();
  return {
    rule,
    lines,
    patents: new Set(stopped.map((renewal) => renewal.patentId)).size,
    stopped,
    stoppedWithoutEstimate,
    choices: {
      offices: distinct(renewals.map((renewal) => renewal.office)),
      families: distinct(renewals.map((renewal) => renewal.family)),
      tags: tags.map((tag) => tag.tag),
    },
    forecastReadAt: lastRun[0]?.finishedAt?.toISOString() ?? null,
  };
}

/** The company-wide budgets per year and currency, the clients' added up (one currency at a time). */
function budgetsByYearAndCurrency(
  budgets: readonly { year: number; currency: string; amount: string }[],
): Map<string, string> {
  const amounts = new Map<string, { currency: string; amounts: string[] }>();
  for (const budget of budgets) {
    const key = `${budget.year} ${budget.currency}`;
    const entry = amounts.get(key) ?? { currency: budget.currency, amounts: [] };
    entry.amounts.push(budget.amount);
    amounts.set(key, entry);
  }
  return new Map(
    [...amounts].map(([key, entry]) => [key, addAmounts(entry.amounts, entry.currency)] as const),
  );
}

/**
 * The keep score of each patent the rule's other filters keep, from the signals (the same score
 * every renewal shows); only when the rule filters on it, since it reads each patent's signals.
 * Each client's patents are scored from that client's copy and snapshot (spec: rule 2).
 */
async function scoresOf(
  renewals: readonly (ScenarioRenewal & { connection: string })[],
  rule: ScenarioRule,
  tagged: ReadonlySet<string>,
): Promise<Map<string, number>> {
  if (rule.scoreBelow === null) return new Map();
  const byClient = new Map<string, Set<string>>();
  for (const renewal of renewals) {
    if (renewal.appliedDecision !== null || !patentMatches(renewal, rule, tagged)) continue;
    const patents = byClient.get(renewal.connection) ?? new Set<string>();
    patents.add(renewal.patentId);
    byClient.set(renewal.connection, patents);
  }
  const scored = await Promise.all(
    [...byClient].map(([connection, patents]) =>
      loadSignals(
        [...patents].map((patentId) => ({ patentId })),
        { connection },
      ),
    ),
  );
  return new Map(scored.flat().map((signal) => [signal.patentId, signal.keep.score]));
}
