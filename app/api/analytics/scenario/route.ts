import { scenarioQuerySchema } from '@/lib/forecast/scenario-query';
import { loadScenario } from '@/lib/server/forecast/scenario';
import { defineRoute } from '@/lib/server/http/route';

/** What stopping the patents a rule names would save, per year and currency (no upstream call). */
export const GET = defineRoute(
  { access: 'analytics:read', query: scenarioQuerySchema },
  async ({ query, clients }) => loadScenario(query, (await clients()).connections),
);
