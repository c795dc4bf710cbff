import { text } from '@/lib/http/url-state';
import { requestSchema } from '@/lib/http/url-state-schema';
import type { ScenarioRule } from './scenario';
import { scenarioUrlState } from './scenario-url-state';

/** The rule of a scenario request (./scenario-url-state.ts); a bad value is a 400 naming the field. */
const ruleOf = (query: {
  office: string[];
  family: string[];
  tag: string[];
  from: number;
  below: number;
}): ScenarioRule => ({
  offices: query.office,
  families: query.family,
  tags: query.tag,
  minAnnuityYear: query.from === 0 ? null : query.from,
  scoreBelow: query.below === 0 ? null : query.below,
});

export const scenarioQuerySchema = requestSchema(scenarioUrlState, 'api').transform(ruleOf);

const VIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const viewId = { test: (value: string) => VIEW_ID.test(value), message: 'expected a saved scenario id' };

/**
 * Two scenarios compared (`/analytics/scenarios/compare?left=<id>&right=<id>`): `right` a saved
 * scenario, `left` another one or, when absent, the rule the address itself holds (the scenario
 * being edited); a bad id is a 400 naming the field.
 */
const scenarioCompareUrlState = {
  ...scenarioUrlState,
  left: text({ trim: true, check: viewId, sent: ['api'] }),
  right: text({ trim: true, required: true, check: viewId, sent: ['api'] }),
};

export const scenarioCompareQuerySchema = requestSchema(scenarioCompareUrlState, 'api').transform(
  (query) => ({
    rule: ruleOf(query),
    left: query.left ?? null,
    right: query.right,
  }),
);
