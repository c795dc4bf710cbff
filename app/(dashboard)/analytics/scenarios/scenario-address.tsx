import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { scenarioQuerySchema } from '@/lib/forecast/scenario-query';
import { searchParamsToObject } from '@/lib/http/query';
import type { Viewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { listSavedViews } from '@/lib/server/views/saved-views';

export type ScenarioSearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The address of a scenario page (the scenario and the comparison): its filled fields, and the rule
 * they hold. The scenario forms are GET forms, which send their empty fields too (`family=`,
 * `left=`): an empty field is no filter, so it is dropped before the rule is read.
 */
export function readScenarioAddress(raw: Awaited<ScenarioSearchParams>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw))
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      if (item.trim() !== '') params.append(key, item);
  const input = searchParamsToObject(params);
  return { params, input, rule: scenarioQuerySchema.safeParse(input) };
}

/** What both scenario pages read besides their data: the request, the locale, the saved scenarios, the clients. */
export async function scenarioPageContext(viewer: Viewer) {
  const [requestId, locale, views, scope] = await Promise.all([
    pageRequestId(),
    pageLocale(),
    listSavedViews(viewer, 'scenarios'),
    pageClientScope(viewer.userId),
  ]);
  return { requestId, locale, views, scope };
}

/** An address value the page cannot use, named field by field; the page shows what it can. */
export function UnusableAddressAlert({ subject, error }: { subject: string; error: z.ZodError }) {
  return (
    <Alert tone="warning">
      <p>
        This address holds a value the {subject} cannot use:{' '}
        {error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}.
      </p>
    </Alert>
  );
}
