import { scenarioQuerySchema } from '@/lib/forecast/scenario-query';
import { can } from '@/lib/policy/roles';
import { problemResponse } from '@/lib/server/errors/problem';
import { draftScenarioDrops } from '@/lib/server/forecast/scenario-draft';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Puts the DROPs a scenario names into the user's draft (the renewals that take a DROP now); the
 * draft is then reviewed, confirmed and approved as any other. The body is the scenario's rule.
 */
export const POST = defineRoute(
  { access: 'decisions:write', body: scenarioQuerySchema },
  async ({ viewer, body, requestId, clients }) => {
    // Scenarios are read from analytics: whoever drafts from one must be able to read it.
    if (!can(viewer.role, 'analytics:read'))
      return problemResponse({
        status: 403,
        code: 'forbidden_for_role',
        title: 'Not allowed',
        detail: 'Only those who read analytics turn a scenario into decisions.',
        requestId,
      });
    return draftScenarioDrops(viewer.userId, body, (await clients()).connections);
  },
);
