import 'server-only';
import type { ScenarioRule } from '../../forecast/scenario';
import {
  type ComparedSide,
  comparisonLines,
  onlyIn,
  type ScenarioComparison,
} from '../../forecast/scenario-compare';
import { scenarioQuerySchema } from '../../forecast/scenario-query';
import { searchParamsToObject } from '../../http/query';
import type { Viewer } from '../auth/session';
import { DomainError } from '../errors/domain-error';
import { readSavedView } from '../views/saved-views';
import { loadScenario, type ScenarioData } from './scenario';

/**
 * Two scenarios over the same stored forecast (no upstream call): each saved scenario is read as
 * its owner saved it (a saved view of the page `scenarios`: its own, or one shared; another user's
 * private one is not found), the scenario of the address as it stands.
 */
interface Side {
  name: string | null;
  viewId: string | null;
  rule: ScenarioRule;
}

async function savedSide(viewer: Viewer, id: string): Promise<Side> {
  const view = await readSavedView(viewer, id, 'scenarios');
  const parsed = scenarioQuerySchema.safeParse(searchParamsToObject(new URLSearchParams(view.query)));
  if (!parsed.success) {
    // Saved views are normalised by the page's rules when saved; one a later version cannot read.
    throw new DomainError({
      status: 422,
      code: 'scenario_unreadable',
      title: 'Scenario cannot be read',
      detail: `The saved scenario “${view.name}” holds a rule this version cannot read; open it and save it again.`,
    });
  }
  return { name: view.name, viewId: view.id, rule: parsed.data };
}

function sideOf(side: Side, data: ScenarioData): ComparedSide {
  return {
    name: side.name,
    viewId: side.viewId,
    rule: side.rule,
    patents: data.patents,
    stopped: data.stopped.length,
    stoppedWithoutEstimate: data.stoppedWithoutEstimate,
  };
}

export async function compareScenarios(
  viewer: Viewer,
  query: { rule: ScenarioRule; left: string | null; right: string },
  /** The request's clients: both sides read their forecast only. */
  connections: readonly string[],
): Promise<ScenarioComparison> {
  const [left, right] = await Promise.all([
    query.left ? savedSide(viewer, query.left) : { name: null, viewId: null, rule: query.rule },
    savedSide(viewer, query.right),
  ]);
  const [leftData, rightData] = await Promise.all([
    loadScenario(left.rule, connections),
    loadScenario(right.rule, connections),
  ]);
  return {
    left: sideOf(left, leftData),
    right: sideOf(right, rightData),
    lines: comparisonLines(leftData.lines, rightData.lines),
    onlyLeft: onlyIn(leftData.stopped, rightData.stopped),
    onlyRight: onlyIn(rightData.stopped, leftData.stopped),
    forecastReadAt: leftData.forecastReadAt,
  };
}
