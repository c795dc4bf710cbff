import type { Metadata } from 'next';
import Link from 'next/link';
import {
  comparisonLineColumns,
  ScenarioCaption,
  stoppedRenewalColumns,
} from '@/components/analytics/scenario-columns';
import { ScenarioCompareForm } from '@/components/analytics/scenario-compare-form';
import { DataTable } from '@/components/data-table/data-table';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { ruleIsEmpty, type ScenarioRule } from '@/lib/forecast/scenario';
import type { ComparedSide, OnlyIn } from '@/lib/forecast/scenario-compare';
import { scenarioCompareQuerySchema } from '@/lib/forecast/scenario-query';
import { plural } from '@/lib/format/plural';
import { compareScenarios } from '@/lib/server/forecast/scenario-compare';
import { loadForPage } from '@/lib/server/http/request-context';
import type { AnalyticsSearchParams } from '../../page-context';
import { forecastReadText, readScenarioPage, UnusableAddressAlert } from '../scenario-address';

export const metadata: Metadata = { title: 'Compare scenarios' };

/**
 * Two what-if scenarios side by side (GET /api/analytics/scenario/compare gives the same): what
 * each saves per year and currency, the difference, and the renewals one stops and the other does
 * not. The address names both, so a comparison is a link.
 */
export default async function CompareScenariosPage({
  searchParams,
}: {
  searchParams: AnalyticsSearchParams;
}) {
  // An empty `left=` is "this scenario": the rule the address itself holds.
  const { viewer, params, input, rule, requestId, locale, views, scope } =
    await readScenarioPage(searchParams);
  const parsed = params.has('right') ? scenarioCompareQuerySchema.safeParse(input) : null;
  const loaded =
    parsed?.success === true
      ? await loadForPage(requestId, () => compareScenarios(viewer, parsed.data, scope.connections))
      : null;
  return (
    <>
      <BackLink href="/analytics/scenarios">Scenarios</BackLink>
      <PageHeader
        title="Compare scenarios"
        description="What two scenarios save per year and currency, and which renewals one stops that the other does not. Nothing is decided here."
      />
      <div className="flex flex-col gap-6">
        <ScenarioCompareForm
          views={views}
          rule={rule.success && !ruleIsEmpty(rule.data) ? rule.data : null}
          left={params.get('left')}
          right={params.get('right')}
        />
        {parsed && !parsed.success ? (
          <UnusableAddressAlert subject="comparison" error={parsed.error} />
        ) : null}
        {loaded && !loaded.ok ? <ProblemPanel problem={loaded.problem} /> : null}
        {loaded?.ok ? (
          <>
            <div className="grid gap-4 md:grid-cols-2">
              <SideSummary side={loaded.data.left} />
              <SideSummary side={loaded.data.right} />
            </div>
            <DataTable
              caption={
                <ScenarioCaption>
                  Savings per year and currency, and the difference (right less left)
                </ScenarioCaption>
              }
              columns={comparisonLineColumns(
                { left: sideName(loaded.data.left), right: sideName(loaded.data.right) },
                locale,
              )}
              rows={loaded.data.lines}
              rowKey={(line) => `${line.year}-${line.currency}`}
              empty="Neither scenario saves anything the forecast has an estimate for."
            />
            <OnlyInTable
              title={`Stopped only by ${sideName(loaded.data.left)}`}
              only={loaded.data.onlyLeft}
              locale={locale}
            />
            <OnlyInTable
              title={`Stopped only by ${sideName(loaded.data.right)}`}
              only={loaded.data.onlyRight}
              locale={locale}
            />
            <p className="text-xs text-muted-foreground">
              {forecastReadText(loaded.data.forecastReadAt, locale)}
            </p>
          </>
        ) : null}
      </div>
    </>
  );
}

const sideName = (side: ComparedSide) => side.name ?? 'This scenario';

function ruleQuery(rule: ScenarioRule): string {
  const params = new URLSearchParams();
  for (const office of rule.offices) params.append('office', office);
  for (const family of rule.families) params.append('family', family);
  for (const tag of rule.tags) params.append('tag', tag);
  if (rule.minAnnuityYear !== null) params.set('from', String(rule.minAnnuityYear));
  if (rule.scoreBelow !== null) params.set('below', String(rule.scoreBelow));
  return params.toString();
}

function SideSummary({ side }: { side: ComparedSide }) {
  const { rule } = side;
  const parts = [
    rule.offices.length > 0 ? `offices ${rule.offices.join(', ')}` : null,
    rule.families.length > 0 ? `families ${rule.families.join(', ')}` : null,
    rule.tags.length > 0 ? `tags ${rule.tags.join(', ')}` : null,
    rule.minAnnuityYear !== null ? `from annuity year ${rule.minAnnuityYear}` : null,
    rule.scoreBelow !== null ? `keep score below ${rule.scoreBelow}` : null,
  ].filter((part): part is string => part !== null);
  return (
    <section className="flex flex-col gap-1 rounded-md border p-3 text-sm" aria-label={sideName(side)}>
      <h2 className="font-semibold">{sideName(side)}</h2>
      <p className="text-muted-foreground">
        {parts.length > 0 ? parts.join('; ') : 'No rule: stops nothing'}
      </p>
      <p>
        Stops {plural(side.patents, 'patent')}, {plural(side.stopped, 'renewal')} in the forecast
        {side.stoppedWithoutEstimate > 0 ? ` (${side.stoppedWithoutEstimate} without an estimate)` : ''}.
      </p>
      <Link
        href={`/analytics/scenarios?${ruleQuery(rule)}`}
        className="self-start text-primary underline-offset-2 hover:underline"
      >
        Open this scenario
      </Link>
    </section>
  );
}

function OnlyInTable({ title, only, locale }: { title: string; only: OnlyIn; locale: string }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        {title}: {plural(only.count, 'renewal')}
        {only.count > only.renewals.length ? ` (the first ${only.renewals.length} listed)` : ''}
      </h2>
      {only.renewals.length > 0 ? (
        <DataTable
          caption={title}
          captionHidden
          columns={stoppedRenewalColumns(locale)}
          rows={only.renewals}
          rowKey={(renewal) => renewal.eventId}
        />
      ) : null}
    </section>
  );
}
