import { describe, expect, it } from 'vitest';
import { importedInvoiceFixture, invoiceFixture, regularizationInvoiceFixture } from '@/lib/annuity/fixtures';
import { listPage, matchesFilters, sortListRows, toListRow } from './list';
import { invoiceListQuerySchema } from './query';
import { asInvoice } from './testing';

const rows = [
  toListRow(asInvoice(invoiceFixture()), 'reconciled'),
  toListRow(asInvoice(importedInvoiceFixture()), 'unmarked'),
  toListRow(asInvoice(regularizationInvoiceFixture()), 'disputed'),
];
const filters = (query: Record<string, unknown>) => invoiceListQuerySchema.parse(query);

describe('the invoice list, filtered and paged by the dashboard', () => {
  it('filters on origin, reconciliation status and issue dates together', () => {
    const pick = (query: Record<string, unknown>) =>
      rows.filter((row) => matchesFilters(row, filters(query))).map((row) => row.reference);
    expect(pick({})).toHaveLength(3);
    expect(pick({ origin: ['regularization'] })).toEqual(['REG-2026-000007']);
    expect(pick({ status: ['unmarked', 'disputed'] })).toEqual(['IMP-JP-7781', 'REG-2026-000007']);
    expect(pick({ from: '2026-11-01', to: '2026-11-10' })).toEqual(['INV-2026-000123']);
    // An imported invoice without an issue date cannot fall in a range.
    expect(pick({ from: '2000-01-01' })).not.toContain('IMP-JP-7781');
  });

  it('sorts by issue date, undated last, or by reference', () => {
    expect(sortListRows(rows, '-issueDate').map((r) => r.issueDate)).toEqual([
      '2026-11-20',
      '2026-11-03',
      null,
    ]);
    expect(sortListRows(rows, 'issueDate').map((r) => r.issueDate)).toEqual([
      '2026-11-03',
      '2026-11-20',
      null,
    ]);
    expect(sortListRows(rows, 'reference').map((r) => r.reference)).toEqual([
      'IMP-JP-7781',
      'INV-2026-000123',
      'REG-2026-000007',
    ]);
  });

  it('pages and totals every selected invoice per currency', () => {
    const page = listPage(rows, 2, 2, '2026-11-23T10:00:00.000Z');
    expect(page.rows).toHaveLength(1);
    expect(page).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(page.totals.total.map((t) => [t.currency, t.total])).toEqual([
      ['CHF', '161.55'],
      ['EUR', '1481.40'],
      ['JPY', '202730'],
    ]);
  });

  it('shows the number as sent, null for imported invoices', () => {
    expect(rows.map((row) => row.number)).toEqual(['2026-000123', null, '2026-R-000007']);
    // Some payloads send the number as a JSON number (spec: Invoice): it is read as text.
    const numeric = asInvoice({ ...invoiceFixture(), number: 123 as unknown as string });
    expect(toListRow(numeric, 'unmarked').number).toBe('123');
  });

  it('refuses a page size the list does not offer', () => {
    expect(invoiceListQuerySchema.safeParse({ size: '30' }).success).toBe(false);
    expect(invoiceListQuerySchema.parse({ size: '50' }).size).toBe(50);
  });
});
