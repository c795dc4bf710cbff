import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableProps } from '@/components/data-table/data-table';
import type { ScenarioLine, ScenarioRenewal } from '@/lib/forecast/scenario';
import type { ComparisonLine } from '@/lib/forecast/scenario-compare';
import { comparisonLineColumns, scenarioLineColumns, stoppedRenewalColumns } from './scenario-columns';

const renewal = (over: Partial<ScenarioRenewal>): ScenarioRenewal => ({
  eventId: 'e-1',
  patentId: 'p-1',
  dueDate: '2027-03-31',
  annuityYear: 7,
  office: 'DE',
  family: null,
  caseReference: 'EP-100',
  currency: 'EUR',
  total: '1234.50',
  appliedDecision: null,
  ...over,
});

/** The table the page draws with these columns, as the server renders it. */
function drawn<Row>(
  caption: string,
  columns: DataTableProps<Row>['columns'],
  rows: Row[],
  rowKey: (row: Row) => string,
): string {
  return renderToString(<DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />);
}

const headers = (html: string) =>
  [...html.matchAll(/<th[^>]*scope="col"[^>]*>(.*?)<\/th>/g)].map((m) =>
    (m[1] ?? '').replace(/<[^>]+>/g, ''),
  );

describe('the renewals a scenario stops', () => {
  it('names each patent by its case reference, linked, and says when there is no estimate', () => {
    const html = drawn(
      'Stopped only by Left',
      stoppedRenewalColumns('en-GB'),
      [renewal({}), renewal({ eventId: 'e-2', office: null, annuityYear: null, total: null })],
      (row) => row.eventId,
    );
    expect(headers(html)).toEqual(['Patent', 'Office', 'Due', 'Annuity year', 'Estimate']);
    expect(html).toContain('href="/portfolio/p-1"');
    expect(html).toContain('EP-100');
    expect(html).toContain('€1,234.50');
    expect(html).toContain('No estimate');
    expect(html).toMatch(/<td class="[^"]*">—<\/td>/);
  });
});

describe('a scenario per year and currency', () => {
  it('shows what it saves with the renewals counted, and a budget it still overruns', () => {
    const line: ScenarioLine = {
      year: 2027,
      currency: 'EUR',
      forecast: '1000.00',
      saved: '200.00',
      after: '800.00',
      stopped: 3,
      budget: '700.00',
    };
    const rows = [line, { ...line, year: 2028, budget: null }];
    const html = drawn('Per year', scenarioLineColumns('en-GB'), rows, (row) => String(row.year));
    expect(headers(html)).toEqual(['Year', 'Currency', 'Forecast', 'Saved', 'After the scenario', 'Budget']);
    expect(html).toContain('€200.00 (3)');
    expect(html).toContain('€700.00 (still over)');
    expect(html).toContain('No budget');
  });

  it("names both scenarios in the comparison's headers and signs a larger saving on the right", () => {
    const line: ComparisonLine = {
      year: 2027,
      currency: 'EUR',
      left: '100.00',
      right: '150.00',
      difference: '50.00',
    };
    const html = drawn(
      'Compared',
      comparisonLineColumns({ left: 'Cheap', right: 'This scenario' }, 'en-GB'),
      [line],
      (row) => String(row.year),
    );
    expect(headers(html)).toEqual(['Year', 'Currency', 'Cheap saves', 'This scenario saves', 'Difference']);
    expect(html).toContain('+€50.00');
  });
});
