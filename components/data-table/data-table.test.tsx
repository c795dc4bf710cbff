import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TableColumn } from '@/lib/table/columns';
import { DataTable, type DataTableProps } from './data-table';
import { LOW_PRIORITY } from './priority';
import { RowDetails } from './row-details';
import { SortableDataTable } from './sortable-data-table';

interface Fee {
  ref: string;
  office: string;
  amount: string | null;
}

const FEES: Fee[] = [
  { ref: 'EP 10', office: 'EP', amount: '1250.00' },
  { ref: 'EP 9', office: 'EP', amount: null },
  { ref: 'US 2', office: 'US', amount: '80.50' },
];

const COLUMNS: TableColumn<Fee>[] = [
  { id: 'ref', header: 'Patent', cell: (fee) => fee.ref, sort: (fee) => fee.ref },
  { id: 'office', header: 'Office', priority: 'low', cell: (fee) => fee.office },
  {
    id: 'amount',
    header: 'Fee',
    align: 'end',
    cell: (fee) => (fee.amount === null ? '—' : `€${fee.amount}`),
    sort: (fee) => (fee.amount === null ? null : Number(fee.amount)),
  },
];

const html = (element: React.ReactElement) => renderToString(element).replaceAll('<!-- -->', '');
/** The fees table labelled "Fees", as markup, with what a case adds or changes. */
const feesTable = (props: Partial<Omit<DataTableProps<Fee>, 'label' | 'caption' | 'captionHidden'>> = {}) =>
  html(<DataTable label="Fees" columns={COLUMNS} rows={FEES} rowKey={(fee) => fee.ref} {...props} />);
const bodyOrder = (markup: string) =>
  [...markup.slice(markup.indexOf('<tbody')).matchAll(/<td[^>]*>(EP \d+|US \d+)/g)].map((m) => m[1]);
const header = (markup: string, name: string) =>
  markup.match(new RegExp(`<th[^>]*>(?:(?!</th>).)*${name}(?:(?!</th>).)*</th>`))?.[0] ?? '';

describe('a table drawn from its column definitions', () => {
  const markup = feesTable({ rowDetails: { name: (fee) => fee.ref, Disclosure: RowDetails } });

  it('names the table and gives every header the column scope, in the columns’ order', () => {
    expect(markup).toMatch(/<table [^>]*aria-label="Fees"/);
    expect([...markup.matchAll(/<th [^>]*scope="col"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual([
      'Patent',
      'Office',
      'Fee',
    ]);
    expect(bodyOrder(markup)).toEqual(['EP 10', 'EP 9', 'US 2']);
    // A read-only table has no sort buttons and claims no sort order.
    expect(markup).not.toContain('aria-sort');
    expect(markup).not.toContain('<button type="button" class="-mx-1');
  });

  it('right-aligns number columns, header and cells alike', () => {
    expect(header(markup, 'Fee')).toContain('text-right');
    expect(markup).toMatch(/<td class="[^"]*text-right[^"]*">€1250.00<\/td>/);
  });

  it('hides low-priority columns below the wide breakpoint and puts their values in the row’s details', () => {
    expect(header(markup, 'Office')).toContain(LOW_PRIORITY);
    expect(markup).toMatch(new RegExp(`<td class="[^"]*${LOW_PRIORITY}">US</td>`));
    expect(markup).toContain('Details<span class="sr-only"> of EP 10</span>');
    expect(markup).toMatch(/<dt[^>]*>Office<\/dt><dd>US<\/dd>/);
  });
});

describe('a table whose rows are named', () => {
  it('draws the naming column as row headers and keeps an actions header for screen readers only', () => {
    const markup = html(
      <DataTable
        caption="Fees by patent"
        captionHidden
        columns={[
          { ...COLUMNS[0], rowHeader: true } as TableColumn<Fee>,
          { id: 'actions', header: 'Actions', headerHidden: true, cell: () => 'Open' },
        ]}
        rows={FEES}
        rowKey={(fee) => fee.ref}
      />,
    );
    expect(markup).toMatch(/<caption class="[^"]*sr-only[^"]*">Fees by patent<\/caption>/);
    expect(markup).toMatch(/<th [^>]*scope="row"[^>]*>EP 10<\/th>/);
    expect(markup).toMatch(/<th [^>]*scope="col"[^>]*><span class="sr-only">Actions<\/span><\/th>/);
  });
});

describe('a table with totals', () => {
  it('draws the totals last, through the same columns, set apart', () => {
    const markup = feesTable({ totals: { ref: 'All', office: '', amount: '1330.50' } });
    expect(markup).toMatch(
      /<tr class="[^"]*font-semibold[^"]*"><td[^>]*>All<\/td>.*€1330.50<\/td><\/tr><\/tbody>/,
    );
  });
});

describe('a table whose rows are drawn in windows', () => {
  it('keeps a fixed layout with each column’s set width, whatever rows are drawn', () => {
    const markup = feesTable({
      fixed: true,
      columns: COLUMNS.map((column) => ({ ...column, width: column.id === 'ref' ? '12rem' : '8rem' })),
      rows: FEES.slice(0, 1),
    });
    expect(markup).toMatch(/<table [^>]*style="table-layout:fixed"/);
    expect(markup).toContain(
      '<colgroup><col style="width:12rem"/><col style="width:8rem"/><col style="width:8rem"/></colgroup>',
    );
  });
});

describe('a table sorted in the browser', () => {
  const sorted = (initialSort: { id: string; desc: boolean } | null) =>
    html(
      <SortableDataTable
        label="Fees"
        columns={COLUMNS}
        rows={FEES}
        rowKey={(fee) => fee.ref}
        initialSort={initialSort}
      />,
    );

  it('keeps the given order unsorted, every sortable header saying so', () => {
    const markup = sorted(null);
    expect(bodyOrder(markup)).toEqual(['EP 10', 'EP 9', 'US 2']);
    expect(header(markup, 'Patent')).toContain('aria-sort="none"');
    expect(header(markup, 'Office')).not.toContain('aria-sort');
  });

  it('sorts text with numbers by their value, and says which way', () => {
    const markup = sorted({ id: 'ref', desc: false });
    expect(bodyOrder(markup)).toEqual(['EP 9', 'EP 10', 'US 2']);
    expect(header(markup, 'Patent')).toContain('aria-sort="ascending"');
    expect(header(markup, 'Fee')).toContain('aria-sort="none"');
  });

  it('puts a row without a value last, ascending and descending', () => {
    const up = sorted({ id: 'amount', desc: false });
    expect(bodyOrder(up)).toEqual(['US 2', 'EP 10', 'EP 9']);
    const down = sorted({ id: 'amount', desc: true });
    expect(bodyOrder(down)).toEqual(['EP 10', 'US 2', 'EP 9']);
    expect(header(down, 'Fee')).toContain('aria-sort="descending"');
  });
});
