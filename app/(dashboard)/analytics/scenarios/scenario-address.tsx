import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { scenarioQuerySchema } from '@/lib/forecast/scenario-query';
import { formatTimestamp } from '@/lib/format/dates';
import { searchParamsToObject } from '@/lib/http/query';
import { listSavedViews } from '@/lib/server/views/saved-views';
import { type AnalyticsSearchParams, analyticsPageContext } from '../page-context';

/**
 * The address of a scenario page (the scenario and the comparison): its filled fields, and the rule
 * they hold. The scenario forms are GET forms, which send their empty fields too (`family=`,
 * `left=`): an empty field is no filter, so it is dropped before the rule is read.
 */
function readScenarioAddress(raw: Awaited<AnalyticsSearchParams>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw))
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      if (item.trim() !== '') params.append(key, item);
  const input = searchParamsToObject(params);
  return { params, input, rule: scenarioQuerySchema.safeParse(input) };
}

/**
 * What both scenario pages read before their data: the analytics page's context, the address, and
 * the saved scenarios (both offer the comparison form).
 */
export async function readScenarioPage(searchParams: AnalyticsSearchParams) {
  const context = await analyticsPageContext(searchParams);
  const [address, views] = await Promise.all([
    searchParams.then(readScenarioAddress),
    listSavedViews(context.viewer, 'scenarios'),
  ]);
  return { ...context, ...address, views };
}

/** How old the forecast a scenario is measured against is: its savings are only as fresh as that read. */
export function forecastReadText(readAt: string | null, locale: string): string {
  return readAt
    ? `Forecast read ${formatTimestamp(readAt, locale)}.`
    : 'The forecast has not been read from the service yet.';
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
