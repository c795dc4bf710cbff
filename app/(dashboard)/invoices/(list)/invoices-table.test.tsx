import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { urlSorting } from '@/components/data-table/url-sorting';
import { invoiceListQuery } from '@/components/invoices/invoices-query';
import { LocaleProvider } from '@/components/shell/locale';
import { importedInvoiceFixture, invoiceFixture } from '@/lib/annuity/fixtures';
import { listPage, toListRow } from '@/lib/invoices/list';
import { invoiceListQuerySchema } from '@/lib/invoices/query';
import { asInvoice } from '@/lib/invoices/testing';
import { INVOICE_SORT_BY_COLUMN } from './columns';
import { InvoicesTable } from './invoices-table';

// The client filter navigates with the app router, which a string render does not mount.
vi.mock('@/components/clients/client-filter', () => ({ ClientFilter: () => null }));

const rows = [
  toListRow(asInvoice(invoiceFixture()), 'reconciled'),
  toListRow(asInvoice(importedInvoiceFixture()), 'unmarked'),
];

/** The list as the server page hands it over (the first page, in the address's default sort). */
function renderList(clients: Parameters<typeof InvoicesTable>[0]['clients'] = null): string {
  const client = new QueryClient();
  client.setQueryData(
    invoiceListQuery(invoiceListQuerySchema.parse({})).queryKey,
    listPage(rows, 1, 25, '2026-11-23T10:00:00.000Z'),
  );
  return renderToString(
    <QueryClientProvider client={client}>
      <LocaleProvider locale="en-GB">
        <InvoicesTable clients={clients} />
      </LocaleProvider>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const headerCell = (html: string, name: string) =>
  html.match(new RegExp(`<th [^>]*scope="col"[^>]*>(?:(?!</th>).)*${name}(?:(?!</th>).)*</th>`))?.[0] ?? '';

describe('the invoice list drawn by the table kit', () => {
  const html = renderList();

  it('draws a row per invoice, found by its id, under a caption naming the page', () => {
    expect(html).toContain('Invoices, page 1 of 1');
    for (const row of rows) expect(html).toContain(`data-invoice-id="${row.id}"`);
    expect(html).toContain('Reconciled');
    expect(html).toContain('Not reconciled');
  });

  it('sorts on the reference and the issue date only, newest first by default', () => {
    expect(headerCell(html, 'Issue date')).toContain('aria-sort="descending"');
    expect(headerCell(html, 'Reference')).toContain('aria-sort="none"');
    expect(headerCell(html, 'Reference')).toContain('<button');
    expect(headerCell(html, 'Total')).not.toContain('aria-sort');
    expect(headerCell(html, 'Total')).not.toContain('<button');
  });

  it('keeps the low-priority columns in the details of each row below 1536 px', () => {
    expect(headerCell(html, 'VAT rate')).toContain('hidden 2xl:table-cell');
    expect(headerCell(html, 'Total')).not.toContain('hidden 2xl:table-cell');
    expect(html).toContain('Details<span class="sr-only"> of invoice INV-2026-000123</span>');
    const details = [...html.matchAll(/<dt[^>]*>([^<]+)<\/dt>/g)].map((match) => match[1]);
    expect(details.slice(0, 5)).toEqual(['Number', 'Origin', 'Currency', 'VAT rate', 'Lines']);
  });

  it('shows the client column only to a user of several clients', () => {
    expect(headerCell(html, 'Client')).toBe('');
    expect(headerCell(renderList([{ id: 'c1', name: 'Acme' }]), 'Client')).not.toBe('');
  });
});

describe('sorting on the server through the address', () => {
  const toggle = (sort: string | null, columnId: string) => {
    const onSort = vi.fn();
    const sorting = urlSorting(sort, INVOICE_SORT_BY_COLUMN, onSort);
    const state = sorting.state(columnId);
    if (state === null) return 'not sortable';
    (sorting.button('Header', columnId, state) as ReactElement<{ onToggle: () => void }>).props.onToggle();
    return onSort.mock.calls[0]?.[0];
  };

  it('asks for ascending, then descending, then the default order', () => {
    expect(toggle('-issueDate', 'reference')).toBe('reference');
    expect(toggle('reference', 'reference')).toBe('-reference');
    expect(toggle('-reference', 'reference')).toBe(null);
    expect(toggle('issueDate', 'issueDate')).toBe('-issueDate');
    expect(toggle('-issueDate', 'status')).toBe('not sortable');
  });
});
