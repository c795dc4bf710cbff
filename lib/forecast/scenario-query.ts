import { requestSchema } from '@/lib/http/url-state-schema';
import type { ScenarioRule } from './scenario';
import { scenarioUrlState } from './scenario-url-state';

/** The rule of a scenario request (./scenario-url-state.ts); a bad value is a 400 naming the field. */
export const scenarioQuerySchema = requestSchema(scenarioUrlState, 'api').transform(
  (query): ScenarioRule => ({
    offices: query.office,
    families: query.family,
    tags: query.tag,
    minAnnuityYear: query.from === 0 ? null : query.from,
    scoreBelow: query.below === 0 ? null : query.below,
  }),
);
