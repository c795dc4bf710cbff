import 'server-only';
import type { ScenarioRenewal, ScenarioRule } from '../../forecast/scenario';
import { type DraftDropsResult, draftDrops } from '../decisions/draft-drops';
import { loadScenario } from './scenario';

/**
 * A scenario turned into draft DROPs: for each patent it stops, the renewal it stops first (where
 * the patent is dropped) goes into the user's draft as DROP when the service offers DROP on it now
 * (../decisions/draft-drops.ts).
 */
export async function draftScenarioDrops(
  userId: string,
  rule: ScenarioRule,
  /** The request's clients: only their renewals are drafted. */
  connections: readonly string[],
): Promise<DraftDropsResult> {
  const scenario = await loadScenario(rule, connections);
  const firstOf = new Map<string, ScenarioRenewal>();
  // Stopped renewals come in due-date order: the first per patent is where it is dropped.
  for (const renewal of scenario.stopped)
    if (!firstOf.has(renewal.patentId)) firstOf.set(renewal.patentId, renewal);
  return draftDrops(
    userId,
    [...firstOf.values()].map((renewal) => renewal.eventId),
  );
}
