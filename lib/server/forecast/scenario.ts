import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { forecastEvent, forecastRun, renewalBudget } from '../../db/schema';
import {
  type ScenarioLine,
  type ScenarioRenewal,
  type ScenarioRule,
  scenarioLines,
  stoppedRenewals,
} from '../../forecast/scenario';
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

export async function loadScenario(rule: ScenarioRule): Promise<ScenarioData> {
  const db = await getDb();
  const [renewals, budgets, tags, tagged, lastRun] = await Promise.all([
    db
      .select({
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
      .orderBy(asc(forecastEvent.dueDate)),
    db
      .select({ year: renewalBudget.year, currency: renewalBudget.currency, amount: renewalBudget.amount })
      .from(renewalBudget)
      .where(and(eq(renewalBudget.office, ''), eq(renewalBudget.family, ''))),
    tagSummary(),
    Promise.all(rule.tags.map((tag) => patentsTagged(tag))),
    db
      .select({ finishedAt: forecastRun.finishedAt })
      .from(forecastRun)
      .where(eq(forecastRun.status, 'done'))
      .orderBy(desc(forecastRun.finishedAt))
      .limit(1),
  ]);
  const stopped = stoppedRenewals(renewals, rule, new Set(tagged.flat()));
  const { lines, stoppedWithoutEstimate } = scenarioLines(
    renewals,
    stopped,
    new Map(budgets.map((budget) => [`${budget.year} ${budget.currency}`, budget.amount])),
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
