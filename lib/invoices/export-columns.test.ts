import { describe, expect, it } from 'vitest';
import { importedInvoiceFixture, jpyInvoicedFeesFixture } from '@/lib/annuity/fixtures';
import { checkInvoice } from './checks';
import type { InvoiceLineView } from './detail';
import { billingIndex } from './duplicate-billing';
import { exportRow, INVOICE_EXPORT_HEADERS } from './export-columns';
import { asInvoice, component, evidence, found, recorded } from './testing';

describe('the accounting export row of a line', () => {
  it('writes components, the unknown ones summed as other, the variance and the mark', () => {
    const invoice = asInvoice(
      importedInvoiceFixture({
        subtotalExcludingTax: '200000',
        totalIncludingTax: '220000',
        fees: [
          jpyInvoicedFeesFixture({
            total: '200000',
            components: [
              component('OFFICE', '150000'),
              component('SERVICE', '12000'),
              component('STAMP', '38000'),
            ],
          }),
        ],
      }),
    );
    const eventId = invoice.fees[0]?.eventId as string;
    const report = checkInvoice(invoice, {
      thresholdPercent: '5',
      evidence: new Map([
        [
          eventId,
          evidence(
            found({ dueDate: '2026-12-01' }),
            recorded({ estimate: { amount: '184300', currency: 'JPY', fxFrozen: true } }),
          ),
        ],
      ]),
      billings: billingIndex([invoice]),
    });
    const lineReport = report.lines[0] as (typeof report.lines)[number];
    const line: InvoiceLineView = {
      index: 0,
      lineKey: lineReport.lineKey,
      fees: invoice.fees[0] as InvoiceLineView['fees'],
      patentId: invoice.fees[0]?.patent?.id ?? null,
      patent: { caseReference: 'JP-CASE-1', providerId: null, title: null, office: 'JP' },
      event: { dueDate: '2026-12-01', gracePeriodEndDate: null, annuityYear: 8 },
      decision: lineReport.decision,
      estimate: lineReport.evidence.recorded?.estimate ?? null,
      variance: lineReport.variance,
      checks: lineReport.checks,
    };
    const row = exportRow({
      invoice,
      line,
      mark: {
        lineKey: line.lineKey,
        status: 'disputed',
        note: 'Stamp duty not agreed',
        markedByEmail: 'f@x.test',
        markedAt: '2026-11-23T10:00:00.000Z',
      },
      invoiceStatus: 'disputed',
    });
    const cell = (header: string) => row[INVOICE_EXPORT_HEADERS.indexOf(header)];
    expect(row).toHaveLength(INVOICE_EXPORT_HEADERS.length);
    expect(cell('Case reference')).toBe('JP-CASE-1');
    expect(cell('Due date')).toBe('2026-12-01');
    expect(cell('Invoice number')).toBeNull();
    expect(cell('Office fee')).toEqual({ decimal: '150000', digits: 0 });
    expect(cell('Other components')).toEqual({ decimal: '38000', digits: 0 });
    expect(cell('Other component types')).toBe('STAMP');
    expect(cell('Currency')).toBe('JPY');
    expect(cell('VAT rate %')).toEqual({ decimal: '10', digits: 2 });
    expect(cell('FX frozen')).toBe('yes');
    expect(cell('Variance')).toEqual({ decimal: '15700', digits: 0 });
    expect(cell('Variance %')).toEqual({ decimal: '8.52', digits: 2 });
    expect(cell('Variance check')).toBe('fail');
    expect(cell('Mark')).toBe('disputed');
    expect(cell('Mark note')).toBe('Stamp duty not agreed');
  });
});
