import type { Metadata } from 'next';
import Link from 'next/link';
import {
  ScenarioCaption,
  scenarioLineColumns,
  stoppedRenewalColumns,
} from '@/components/analytics/scenario-columns';
import { ScenarioCompareForm } from '@/components/analytics/scenario-compare-form';
import { ScenarioDraftButton } from '@/components/analytics/scenario-draft-button';
import { DataTable } from '@/components/data-table/data-table';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledControl, SelectField } from '@/components/ui/labelled-control';
import { SavedViewsMenu } from '@/components/views/saved-views-menu';
import { compareAmounts, formatMoney, sumByCurrency } from '@/lib/annuity/money';
import { ruleIsEmpty, type ScenarioRule } from '@/lib/forecast/scenario';
import { plural, pluralWord } from '@/lib/format/plural';
import { can } from '@/lib/policy/roles';
import { loadSavings, type Savings } from '@/lib/server/decisions/drop-savings';
import { loadScenario } from '@/lib/server/forecast/scenario';
import { loadForPage } from '@/lib/server/http/request-context';
import type { AnalyticsSearchParams } from '../page-context';
import { forecastReadText, readScenarioPage, UnusableAddressAlert } from './scenario-address';

export const metadata: Metadata = { title: 'Scenarios' };

/** Stopped renewals listed under the table; the count says how many there are in all. */
const LISTED = 100;
const NO_RULE: ScenarioRule = { offices: [], families: [], tags: [], minAnnuityYear: null, scoreBelow: null };

/**
 * What if we stopped these? A manager names patents by office, family, tag and from which annuity
 * year, and sees what it saves per year and currency against the forecast and the budget, before
 * anyone decides. The rule lives in the address: a scenario is saved and compared as a link.
 */
export default async function ScenariosPage({ searchParams }: { searchParams: AnalyticsSearchParams }) {
  const { viewer, rule: parsed, requestId, locale, views, scope } = await readScenarioPage(searchParams);
  const rule = parsed.success ? parsed.data : NO_RULE;
  const [loaded, savings] = await Promise.all([
    loadForPage(requestId, () => loadScenario(rule, scope.connections)),
    loadForPage(requestId, () => loadSavings(scope.connections)),
  ]);
  return (
    <>
      <PageHeader
        title="Scenarios"
        description="What stopping some patents would save, per year and currency, against the forecast and the budget. Nothing is decided here."
        actions={<SavedViewsMenu page="scenarios" views={views} />}
      />
      {!parsed.success ? <UnusableAddressAlert subject="scenario" error={parsed.error} /> : null}
      {!loaded.ok ? (
        <ProblemPanel problem={loaded.problem} />
      ) : (
        <div className="flex flex-col gap-6">
          <form method="get" action="/analytics/scenarios" className="flex flex-wrap items-end gap-4">
            <MultiChoice
              name="office"
              label="Offices"
              options={loaded.data.choices.offices}
              chosen={rule.offices}
            />
            <MultiChoice name="tag" label="Tags" options={loaded.data.choices.tags} chosen={rule.tags} />
            <LabelledControl id="scenario-family" label="Family" className="gap-1">
              <Input
                name="family"
                list="scenario-families"
                defaultValue={rule.families[0] ?? ''}
                className="w-44"
              />
            </LabelledControl>
            <datalist id="scenario-families">
              {loaded.data.choices.families.slice(0, 500).map((family) => (
                <option key={family} value={family} />
              ))}
            </datalist>
            <NumberField name="from" label="From annuity year" max={50} value={rule.minAnnuityYear} />
            <NumberField name="below" label="Keep score below" max={100} value={rule.scoreBelow} />
            <Button type="submit">Show savings</Button>
            {ruleIsEmpty(rule) ? null : (
              <Link
                href="/analytics/scenarios"
                className="text-sm text-primary underline-offset-2 hover:underline"
              >
                Clear
              </Link>
            )}
          </form>
          <p className="text-xs text-muted-foreground">
            Hold Ctrl (⌘ on a Mac) to choose several offices or tags. A patent is stopped when it matches
            every field you fill: from its first renewal of that annuity year (or its next one), nothing more
            is paid. Renewals already instructed at the service are spent and save nothing.{' '}
            {forecastReadText(loaded.data.forecastReadAt, locale)}
          </p>
          <ScenarioCompareForm
            views={views}
            rule={ruleIsEmpty(rule) ? null : rule}
            left={null}
            right={null}
          />
          {savings.ok ? <SavingsSoFar savings={savings.data} locale={locale} /> : null}
          {ruleIsEmpty(rule) ? (
            <Alert tone="info">
              <p>Choose which patents to stop: by office, tag, family, keep score or from an annuity year.</p>
            </Alert>
          ) : (
            <ScenarioResult
              data={loaded.data}
              locale={locale}
              canDraft={can(viewer.role, 'decisions:write')}
            />
          )}
        </div>
      )}
    </>
  );
}

function ScenarioResult({
  data,
  locale,
  canDraft,
}: {
  data: Awaited<ReturnType<typeof loadScenario>>;
  locale: string;
  canDraft: boolean;
}) {
  const saved = sumByCurrency(
    data.lines.map((line) => ({ amount: line.saved, currency: line.currency })),
  ).filter((total) => compareAmounts(total.total, '0') !== 0);
  return (
    <PageSection
      id="scenario-result"
      title={
        <>
          Stopping {plural(data.patents, 'patent')}, {plural(data.stopped.length, 'renewal')} in the forecast
        </>
      }
    >
      <p className="text-sm">
        {saved.length === 0
          ? 'This saves nothing the forecast has an estimate for.'
          : `Saves ${saved.map((total) => formatMoney(total.total, total.currency, locale)).join(' and ')} over the forecast, per currency, never converted.`}
        {data.stoppedWithoutEstimate > 0
          ? ` ${plural(data.stoppedWithoutEstimate, 'stopped renewal')} ${pluralWord(data.stoppedWithoutEstimate, 'has', 'have')} no estimate yet and ${pluralWord(data.stoppedWithoutEstimate, 'is', 'are')} not counted.`
          : ''}
      </p>
      <DataTable
        caption="Forecast, savings and budget per year and currency"
        captionHidden
        columns={scenarioLineColumns(locale)}
        rows={data.lines}
        rowKey={(line) => `${line.year}-${line.currency}`}
      />
      {canDraft && data.stopped.length > 0 ? <ScenarioDraftButton rule={data.rule} /> : null}
      {data.stopped.length > 0 ? (
        <DataTable
          caption={
            <ScenarioCaption>
              The renewals it stops
              {data.stopped.length > LISTED ? ` (the first ${LISTED} of ${data.stopped.length})` : ''}
            </ScenarioCaption>
          }
          columns={stoppedRenewalColumns(locale)}
          rows={data.stopped.slice(0, LISTED)}
          rowKey={(renewal) => renewal.eventId}
        />
      ) : null}
    </PageSection>
  );
}

/** What executed DROPs have spared so far, per year of the spared renewals and currency. */
function SavingsSoFar({ savings, locale }: { savings: Savings; locale: string }) {
  return (
    <PageSection id="savings-so-far" title="Saved by DROPs so far" className="gap-2 text-sm">
      {savings.years.length === 0 ? (
        <p className="text-muted-foreground">No DROP executed yet has spared a renewal with an estimate.</p>
      ) : (
        <>
          <p className="text-muted-foreground">
            {plural(savings.patents, 'patent')} dropped; the renewals they no longer pay, at the estimates of
            the day each DROP was sent.
          </p>
          <ul className="flex flex-col gap-1">
            {savings.years.map((year) => (
              <li key={year.year}>
                <span className="font-medium">{year.year}</span>:{' '}
                {year.totals.map((total) => formatMoney(total.total, total.currency, locale)).join(', ')}
              </li>
            ))}
          </ul>
        </>
      )}
    </PageSection>
  );
}

/** A labelled multiple choice of the scenario's GET form, two to six rows high. */
function MultiChoice({
  name,
  label,
  options,
  chosen,
}: {
  name: string;
  label: string;
  options: readonly string[];
  chosen: readonly string[];
}) {
  return (
    <SelectField
      id={`scenario-${name}`}
      name={name}
      label={label}
      className="gap-1"
      multiple
      size={Math.min(6, Math.max(2, options.length))}
      selectClassName="h-auto min-w-28"
      options={options.map((option) => ({ value: option, label: option }))}
      value={chosen}
    />
  );
}

/** A whole number from 1 the GET form sends under `name` (empty: no filter). */
function NumberField({
  name,
  label,
  max,
  value,
}: {
  name: string;
  label: string;
  max: number;
  value: number | null;
}) {
  return (
    <LabelledControl id={`scenario-${name}`} label={label} className="gap-1">
      <Input name={name} type="number" min={1} max={max} defaultValue={value ?? ''} className="w-28" />
    </LabelledControl>
  );
}
