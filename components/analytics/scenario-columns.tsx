import Link from 'next/link';
import type { ReactNode } from 'react';
import { compareAmounts, formatMoney } from '@/lib/annuity/money';
import type { ScenarioLine, ScenarioRenewal } from '@/lib/forecast/scenario';
import type { ComparisonLine } from '@/lib/forecast/scenario-compare';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import type { TableColumn } from '@/lib/table/columns';

/**
 * The scenario pages' tables (what-if only: nothing is decided there). Amounts stay in their own
 * currency, one row per year and currency, never converted (spec: Fees).
 */

/** A table's visible title, under it and at its start (the kit's caption is muted and centred). */
export function ScenarioCaption({ children }: { children: ReactNode }) {
  return <span className="block text-left font-medium text-foreground">{children}</span>;
}

function yearAndCurrency<Row extends { year: number; currency: string }>(): TableColumn<Row>[] {
  return [
    { id: 'year', header: 'Year', cell: (line) => line.year },
    { id: 'currency', header: 'Currency', cell: (line) => line.currency },
  ];
}

function money<Row extends { currency: string }>(
  id: string,
  header: string,
  amount: (line: Row) => string,
  locale: string,
  suffix: (line: Row) => string = () => '',
): TableColumn<Row> {
  return {
    id,
    header,
    align: 'end',
    cell: (line) => `${formatMoney(amount(line), line.currency, locale)}${suffix(line)}`,
  };
}

/** One scenario against the forecast and the budget, per year and currency. */
export function scenarioLineColumns(locale: string): TableColumn<ScenarioLine>[] {
  return [
    ...yearAndCurrency<ScenarioLine>(),
    money<ScenarioLine>('forecast', 'Forecast', (line) => line.forecast, locale),
    money<ScenarioLine>(
      'saved',
      'Saved',
      (line) => line.saved,
      locale,
      (line) => ` (${line.stopped})`,
    ),
    money<ScenarioLine>('after', 'After the scenario', (line) => line.after, locale),
    {
      id: 'budget',
      header: 'Budget',
      align: 'end',
      cell: (line) =>
        line.budget === null
          ? 'No budget'
          : `${formatMoney(line.budget, line.currency, locale)}${
              compareAmounts(line.after, line.budget) > 0 ? ' (still over)' : ''
            }`,
    },
  ];
}

/** Two scenarios' savings per year and currency, and the right one's less the left one's. */
export function comparisonLineColumns(
  names: { left: string; right: string },
  locale: string,
): TableColumn<ComparisonLine>[] {
  return [
    ...yearAndCurrency<ComparisonLine>(),
    money<ComparisonLine>('left', `${names.left} saves`, (line) => line.left, locale),
    money<ComparisonLine>('right', `${names.right} saves`, (line) => line.right, locale),
    {
      id: 'difference',
      header: 'Difference',
      align: 'end',
      cell: (line) =>
        `${compareAmounts(line.difference, '0') > 0 ? '+' : ''}${formatMoney(line.difference, line.currency, locale)}`,
    },
  ];
}

/** The renewals a scenario stops (or one stops and the other does not), by due date. */
export function stoppedRenewalColumns(locale: string): TableColumn<ScenarioRenewal>[] {
  return [
    {
      id: 'patent',
      header: 'Patent',
      cell: (renewal) => (
        <Link href={patentHref(renewal.patentId)} className="text-primary underline-offset-2 hover:underline">
          {patentName({ caseReference: renewal.caseReference, patentId: renewal.patentId })}
        </Link>
      ),
    },
    { id: 'office', header: 'Office', cell: (renewal) => renewal.office ?? '—' },
    { id: 'due', header: 'Due', cell: (renewal) => renewal.dueDate },
    { id: 'annuityYear', header: 'Annuity year', cell: (renewal) => renewal.annuityYear ?? '—' },
    {
      id: 'estimate',
      header: 'Estimate',
      align: 'end',
      cell: (renewal) =>
        renewal.total !== null && renewal.currency !== null
          ? formatMoney(renewal.total, renewal.currency, locale)
          : 'No estimate',
    },
  ];
}
