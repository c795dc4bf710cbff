import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InvoicesTable } from '@/app/(dashboard)/invoices/(list)/invoices-table';
import { InvoiceDetail } from '@/app/(dashboard)/invoices/[invoiceId]/invoice-detail';
import { LocaleProvider } from '@/components/shell/locale';
import { importedInvoiceFixture, invoiceFixture } from '@/lib/annuity/fixtures';
import type { Invoice } from '@/lib/annuity/schemas';
import { checkInvoice } from '@/lib/invoices/checks';
import type { InvoiceDetailData } from '@/lib/invoices/detail';
import { billingIndex } from '@/lib/invoices/duplicate-billing';
import { listPage, toListRow } from '@/lib/invoices/list';
import { invoiceListQuerySchema } from '@/lib/invoices/query';
import type { MarkView } from '@/lib/invoices/reconciliation';
import { asInvoice, component, EVENT_A, eurLine, evidence, found, recorded } from '@/lib/invoices/testing';
import { invoiceDetailQuery, invoiceListQuery, invoiceMarksQuery } from './invoices-query';

/** The invoice pages' client parts rendered on the server, with the data the server page hydrates. */
function detailOf(invoice: Invoice, estimate: string): InvoiceDetailData {
  const report = checkInvoice(invoice, {
    thresholdPercent: '5',
    evidence: new Map([
      [
        EVENT_A,
        evidence(found(), recorded({ estimate: { amount: estimate, currency: 'EUR', fxFrozen: false } })),
      ],
    ]),
    billings: billingIndex([invoice]),
  });
  return {
    invoice,
    lines: report.lines.map((line) => ({
      index: line.index,
      lineKey: line.lineKey,
      fees: invoice.fees[line.index] as Invoice['fees'][number],
      patentId: 'c0ffee00-0000-4000-8000-000000000001',
      patent: { caseReference: 'CASE-1', providerId: null, title: 'A title', office: 'EP' },
      event: { dueDate: '2026-12-15', gracePeriodEndDate: null, annuityYear: 8 },
      decision: line.decision,
      estimate: line.evidence.recorded?.estimate ?? null,
      variance: line.variance,
      checks: line.checks,
    })),
    invoiceChecks: report.invoiceChecks,
    varianceByCurrency: report.varianceByCurrency,
    counts: report.counts,
    thresholdPercent: '5',
    checkedAt: '2026-11-23T10:00:00.000Z',
  };
}

function render(client: QueryClient, children: ReactNode): string {
  return renderToString(
    <QueryClientProvider client={client}>
      <LocaleProvider locale="en-GB">{children}</LocaleProvider>
    </QueryClientProvider>,
  );
}

describe('the invoice page', () => {
  const invoice = asInvoice(
    invoiceFixture({
      subtotalExcludingTax: '1100.00',
      totalIncludingTax: '1320.00',
      fees: [
        {
          ...eurLine(EVENT_A, [
            component('OFFICE', '905.00'),
            component('STAMP', '100.00'),
            component('SERVICE', '95.00'),
          ]),
          invoiceId: invoiceFixture().id,
        },
      ],
    }),
  );
  const disputed: MarkView = {
    lineKey: EVENT_A,
    status: 'disputed',
    note: 'Stamp duty not agreed',
    markedByEmail: 'finance@demo.test',
    markedAt: '2026-11-23T10:00:00.000Z',
  };

  function page(canMark: boolean, marks: MarkView[] = []) {
    const client = new QueryClient();
    client.setQueryData(invoiceDetailQuery(invoice.id).queryKey, detailOf(invoice, '1000.00'));
    client.setQueryData(invoiceMarksQuery(invoice.id).queryKey, { marks });
    return render(client, <InvoiceDetail invoiceId={invoice.id} canMark={canMark} canExport />);
  }

  it('opens the checks of a flagged line and names an unknown component "Other"', () => {
    const html = page(true);
    expect(html).toContain('Above the 5% threshold');
    expect(html).toMatch(/<details open="">/);
    expect(html).toContain('Other (STAMP)');
    expect(html).toContain(`/api/documents/c0ffee00-0000-4000-8000-000000000001/${EVENT_A}/invoice`);
  });

  it('shows marks to everyone and the mark actions only to those who may mark', () => {
    const withMark = page(false, [disputed]);
    expect(withMark).toContain('Stamp duty not agreed');
    expect(withMark).toContain('Disputed');
    expect(withMark).not.toContain('Mark line 1');
    expect(page(true)).toContain('Mark line 1');
  });
});

describe('the invoice list', () => {
  it('shows each invoice with its reconciliation status, and no number for an imported one', () => {
    const client = new QueryClient();
    const rows = [
      toListRow(asInvoice(invoiceFixture()), 'reconciled'),
      toListRow(asInvoice(importedInvoiceFixture()), 'unmarked'),
    ];
    client.setQueryData(
      invoiceListQuery(invoiceListQuerySchema.parse({})).queryKey,
      listPage(rows, 1, 25, '2026-11-23T10:00:00.000Z'),
    );
    const html = render(client, <InvoicesTable clients={null} />);
    expect(html).toContain('INV-2026-000123');
    expect(html).toContain('IMP-JP-7781');
    expect(html).toContain('Reconciled');
    expect(html).toContain('Not reconciled');
    expect(html).toContain('None');
  });
});
