import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TableColumn } from '@/lib/table/columns';
import { RowCells } from './table-cells';
import { WindowedDataTable, type WindowedItem } from './windowed-data-table';

interface Renewal {
  id: string;
  office: string;
}

const COLUMNS: TableColumn<Renewal>[] = [
  {
    id: 'pick',
    header: 'Select',
    width: '3rem',
    headerCell: () => <input type="checkbox" aria-label="All" />,
    cell: () => null,
  },
  { id: 'id', header: 'Case', width: '10rem', cell: (row) => row.id },
  { id: 'office', header: 'Office', cell: (row) => row.office },
];

const ROW_HEIGHT = 50;
const rows: Renewal[] = Array.from({ length: 100 }, (_, index) => ({
  id: `EP ${index}`,
  office: index < 60 ? 'EP' : 'US',
}));
const items: WindowedItem<Renewal, string>[] = [
  { kind: 'section', key: 'EP', section: 'EP' },
  ...rows.map((row, index) => ({ kind: 'row' as const, row, index })),
];

const html = (pendingRows = 0) =>
  renderToString(
    <WindowedDataTable
      columns={COLUMNS}
      items={items}
      caption="Renewals"
      rowCount={rows.length + 1}
      rowHeight={ROW_HEIGHT}
      overscan={2}
      initialViewportHeight={500}
      pendingRows={pendingRows}
      rowProps={(row) => ({ 'data-event-id': row.id, tabIndex: -1 })}
      section={(office) => `Office ${office}`}
      sorting={{
        state: (id) => (id === 'id' ? 'asc' : null),
        button: (header) => <button type="button">{header}</button>,
      }}
    />,
  ).replaceAll('<!-- -->', '');

describe('a windowed table', () => {
  const markup = html();

  it('is a fixed-layout table with the columns’ widths, named for screen readers with its full row count', () => {
    expect(markup).toMatch(/<table [^>]*aria-rowcount="101"[^>]*style="table-layout:fixed"/);
    expect(markup).toContain(
      '<caption class="mt-3 text-sm text-muted-foreground sr-only">Renewals</caption>',
    );
    expect(markup).toContain(
      '<colgroup><col style="width:3rem"/><col style="width:10rem"/><col/></colgroup>',
    );
  });

  it('draws a control where a column has one, a sort button and aria-sort where the caller sorts', () => {
    expect(markup).toMatch(/<th [^>]*scope="col"[^>]*><input type="checkbox" aria-label="All"\/><\/th>/);
    expect(markup).toMatch(/<th [^>]*aria-sort="ascending"[^>]*><button type="button">Case<\/button><\/th>/);
    expect(markup).toMatch(/<th [^>]*scope="col"[^>]*>Office<\/th>/);
  });

  it('draws only the rows of the assumed viewport and the overscan, each of one height, and holds the others’ height', () => {
    // 500 px of 50 px rows and 2 more: the office header and 11 rows.
    const drawn = [...markup.matchAll(/<tr [^>]*data-event-id="([^"]+)"/g)].map((match) => match[1]);
    expect(drawn).toEqual(Array.from({ length: 11 }, (_, index) => `EP ${index}`));
    expect(markup).toMatch(/<tr [^>]*aria-rowindex="2"[^>]*tabindex="-1"[^>]*style="height:50px"/);
    expect(markup).toContain(
      '<th colSpan="3" scope="colgroup" class="px-3 text-left text-sm font-semibold">Office EP</th>',
    );
    expect(markup).toContain(`style="height:${(items.length - 12) * ROW_HEIGHT}px;padding:0"`);
    expect(html(5)).toContain(`style="height:${(items.length - 12 + 5) * ROW_HEIGHT}px;padding:0"`);
  });

  it('names each cell’s column, as the journeys find them', () => {
    expect(markup).toMatch(/<td data-column="id" class="[^"]*py-0 whitespace-nowrap[^"]*">EP 0<\/td>/);
  });

  it('leaves the cells of columns not drawn yet empty, never holding another row’s values, and keeps their columns', () => {
    const cells = (drawn?: { from: number; to: number }) =>
      renderToString(
        <table>
          <tbody>
            <tr>
              <RowCells columns={COLUMNS} row={{ id: 'EP 7', office: 'US' }} markColumns drawn={drawn} />
            </tr>
          </tbody>
        </table>,
      );
    const partial = cells({ from: 0, to: 1 });
    expect(partial).toMatch(/<td data-column="id" [^>]*>EP 7<\/td>/);
    expect(partial).toMatch(/<td data-column="office" [^>]*><\/td>/);
    expect(cells()).toMatch(/<td data-column="office" [^>]*>US<\/td>/);
  });
});
