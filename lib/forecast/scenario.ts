import { addAmounts, subtract } from '@/lib/annuity/money';
import { compareIso } from '@/lib/format/dates';

/**
 * What-if on the forecast: which patents a manager would stop, and what that saves per year and
 * currency before anyone decides. Stopping a patent means it is dropped at its first renewal the
 * rule names, so that renewal and every later one in the forecast are not paid. A renewal already
 * decided at the service (`appliedDecision`) is spent or settled: it saves nothing. Amounts stay
 * decimal strings in their own currency (spec: Fees); nothing is converted.
 */
export interface ScenarioRule {
  /** Patents at these offices (any, when empty). */
  offices: string[];
  /** Patents of these families (any, when empty). */
  families: string[];
  /** Patents carrying one of these tags, their own or their family's (any, when empty). */
  tags: string[];
  /** Stop from the first renewal of at least this annuity year; from the first renewal ahead when null. */
  minAnnuityYear: number | null;
  /** Patents whose keep score (lib/signals/keep-score.ts) is below this (any, when null). */
  scoreBelow: number | null;
}

export interface ScenarioRenewal {
  eventId: string;
  patentId: string;
  dueDate: string;
  annuityYear: number | null;
  office: string | null;
  family: string | null;
  caseReference: string | null;
  currency: string | null;
  total: string | null;
  appliedDecision: string | null;
}

/** A rule names patents only when it has at least one filter; an empty rule stops nothing. */
export function ruleIsEmpty(rule: ScenarioRule): boolean {
  return (
    rule.offices.length === 0 &&
    rule.families.length === 0 &&
    rule.tags.length === 0 &&
    rule.minAnnuityYear === null &&
    rule.scoreBelow === null
  );
}

/** Whether a renewal's patent passes the rule's patent filters (office, family, tags). */
export function patentMatches(
  renewal: ScenarioRenewal,
  rule: ScenarioRule,
  tagged: ReadonlySet<string>,
): boolean {
  return (
    (rule.offices.length === 0 || (renewal.office !== null && rule.offices.includes(renewal.office))) &&
    (rule.families.length === 0 || (renewal.family !== null && rule.families.includes(renewal.family))) &&
    (rule.tags.length === 0 || tagged.has(renewal.patentId))
  );
}

/**
 * The renewals the scenario stops: per matching patent, from the first undecided renewal the rule
 * names (by due date) to its last one in the forecast. `tagged` holds the patents carrying one of
 * the rule's tags; `scores` each candidate patent's keep score (needed only with `scoreBelow`; a
 * patent without a score is not stopped by it).
 */
export function stoppedRenewals(
  renewals: readonly ScenarioRenewal[],
  rule: ScenarioRule,
  tagged: ReadonlySet<string>,
  scores: ReadonlyMap<string, number> = new Map(),
): ScenarioRenewal[] {
  if (ruleIsEmpty(rule)) return [];
  const belowScore = (patentId: string) => {
    if (rule.scoreBelow === null) return true;
    const score = scores.get(patentId);
    return score !== undefined && score < rule.scoreBelow;
  };
  const matches = (renewal: ScenarioRenewal) =>
    patentMatches(renewal, rule, tagged) && belowScore(renewal.patentId);
  const byPatent = new Map<string, ScenarioRenewal[]>();
  for (const renewal of renewals) {
    if (renewal.appliedDecision !== null || !matches(renewal)) continue;
    const list = byPatent.get(renewal.patentId);
    if (list) list.push(renewal);
    else byPatent.set(renewal.patentId, [renewal]);
  }
  const stopped: ScenarioRenewal[] = [];
  for (const list of byPatent.values()) {
    list.sort((a, b) => compareIso(a.dueDate, b.dueDate));
    const from =
      rule.minAnnuityYear === null
        ? 0
        : list.findIndex(
            (renewal) => renewal.annuityYear !== null && renewal.annuityYear >= (rule.minAnnuityYear ?? 0),
          );
    if (from >= 0) stopped.push(...list.slice(from));
  }
  return stopped.sort((a, b) => compareIso(a.dueDate, b.dueDate));
}

export interface ScenarioLine {
  year: number;
  currency: string;
  /** The forecast as it stands: every renewal of the year in this currency. */
  forecast: string;
  /** What the scenario does not pay. */
  saved: string;
  /** The forecast with the scenario applied. */
  after: string;
  stopped: number;
  /** The portfolio's budget for the year in this currency, when one is set. */
  budget: string | null;
}

/**
 * Per year and currency: the forecast, what the stopped renewals would have cost (their estimates
 * summed, exactly), and what is left, beside the budget. Renewals without an estimate are counted
 * apart: they cannot be summed.
 */
export function scenarioLines(
  renewals: readonly ScenarioRenewal[],
  stopped: readonly ScenarioRenewal[],
  budgets: ReadonlyMap<string, string>,
): { lines: ScenarioLine[]; stoppedWithoutEstimate: number } {
  const stoppedIds = new Set(stopped.map((renewal) => renewal.eventId));
  const groups = new Map<string, { year: number; currency: string; all: string[]; saved: string[] }>();
  let stoppedWithoutEstimate = 0;
  for (const renewal of renewals) {
    const isStopped = stoppedIds.has(renewal.eventId);
    if (renewal.currency === null || renewal.total === null) {
      if (isStopped) stoppedWithoutEstimate += 1;
      continue;
    }
    const year = Number(renewal.dueDate.slice(0, 4));
    const key = `${year} ${renewal.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { year, currency: renewal.currency, all: [], saved: [] };
      groups.set(key, group);
    }
    group.all.push(renewal.total);
    if (isStopped) group.saved.push(renewal.total);
  }
  const lines = [...groups.values()]
    .sort((a, b) => a.year - b.year || a.currency.localeCompare(b.currency))
    .map((group) => {
      const forecast = addAmounts(group.all, group.currency);
      const saved = addAmounts(group.saved, group.currency);
      return {
        year: group.year,
        currency: group.currency,
        forecast,
        saved,
        after: subtract(forecast, saved, group.currency),
        stopped: group.saved.length,
        budget: budgets.get(`${group.year} ${group.currency}`) ?? null,
      };
    });
  return { lines, stoppedWithoutEstimate };
}
