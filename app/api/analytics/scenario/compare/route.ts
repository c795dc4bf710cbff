import { scenarioCompareQuerySchema } from '@/lib/forecast/scenario-query';
import { compareScenarios } from '@/lib/server/forecast/scenario-compare';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Two scenarios side by side: what each saves per year and currency, the difference, and the
 * renewals one stops and the other does not (no upstream call). A saved scenario the viewer may
 * not open answers 404.
 */
export const GET = defineRoute(
  { access: 'analytics:read', query: scenarioCompareQuerySchema },
  async ({ query, viewer, clients }) => compareScenarios(viewer, query, (await clients()).connections),
);
