import { describe, expect, it } from 'vitest';
import {
  importedInvoiceFixture,
  invoicedFeesFixture,
  regularizationInvoiceFixture,
} from '@/lib/annuity/fixtures';
import { CHECK_IDS } from './check-types';
import { checkInvoice } from './checks';
import { billingIndex } from './duplicate-billing';
import type { LineEvidence } from './evidence';
import {
  asInvoice,
  component,
  EVENT_A,
  EVENT_B,
  eurLine,
  evidence,
  found,
  invoiceOf,
  recorded,
} from './testing';

const options = (
  evidenceByEvent: Record<string, LineEvidence>,
  invoices = [] as ReturnType<typeof invoiceOf>[],
) => ({
  thresholdPercent: '5',
  evidence: new Map(Object.entries(evidenceByEvent)),
  billings: billingIndex(invoices),
});

describe('every check on one invoice', () => {
  it('runs all nine checks, three on the invoice and six per line, and counts them', () => {
    const invoice = invoiceOf([invoicedFeesFixture()]);
    const report = checkInvoice(invoice, options({ [EVENT_A]: evidence() }, [invoice]));
    expect(report.invoiceChecks.map((c) => c.id)).toEqual(['lines-sum', 'vat-total', 'invoice-variance']);
    const lineChecks = report.lines[0]?.checks.map((c) => c.id) ?? [];
    expect([...report.invoiceChecks.map((c) => c.id), ...lineChecks].sort()).toEqual([...CHECK_IDS].sort());
    expect(report.counts).toEqual({ pass: 9, warning: 0, fail: 0 });
    expect(report.lines[0]?.lineKey).toBe(EVENT_A);
  });

  it('flags a JPY invoice with a failing VAT total and a line far from its estimate', () => {
    const invoice = asInvoice(importedInvoiceFixture({ totalIncludingTax: '202731' }));
    const report = checkInvoice(
      invoice,
      options({
        '9b8a7c6d-5e4f-4321-b0a9-8c7d6e5f4a33': evidence(
          found(),
          recorded({ estimate: { amount: '170000', currency: 'JPY', fxFrozen: true } }),
        ),
      }),
    );
    const status = (id: string) =>
      [...report.invoiceChecks, ...(report.lines[0]?.checks ?? [])].find((c) => c.id === id)?.status;
    expect(status('vat-total')).toBe('fail');
    expect(status('estimate-variance')).toBe('fail');
    expect(status('invoice-variance')).toBe('fail');
    expect(report.varianceByCurrency).toEqual([
      {
        currency: 'JPY',
        invoiced: '184300',
        estimated: '170000',
        difference: '14300',
        percent: '8.41',
        lines: 1,
      },
    ]);
  });

  it('never crashes on nulls: they are warnings', () => {
    const invoice = invoiceOf([invoicedFeesFixture({ total: null, eventId: null })], {
      subtotalExcludingTax: null,
      totalIncludingTax: null,
      vatRate: null,
    });
    const report = checkInvoice(invoice, options({}));
    expect(report.counts.fail).toBe(0);
    expect(report.counts.warning).toBeGreaterThanOrEqual(5);
    expect(report.lines[0]?.lineKey).toBe('0');
  });

  it('checks a correction against what it corrects', () => {
    const original = invoiceOf([invoicedFeesFixture()]);
    const correction = asInvoice(regularizationInvoiceFixture());
    const report = checkInvoice(
      correction,
      options({ [EVENT_A]: evidence(found(), null) }, [original, correction]),
    );
    expect(report.counts.fail).toBe(0);
    expect(report.lines[0]?.variance).toEqual({ kind: 'not-compared', reason: 'correction' });
  });

  it('finds a line for an event nobody decided among correct ones', () => {
    const invoice = invoiceOf(
      [eurLine(EVENT_A, [component('OFFICE', '100.00')]), eurLine(EVENT_B, [component('OFFICE', '200.00')])],
      { subtotalExcludingTax: '300.00', totalIncludingTax: '360.00' },
    );
    const report = checkInvoice(
      invoice,
      options({
        [EVENT_A]: evidence(
          found(),
          recorded({ estimate: { amount: '100.00', currency: 'EUR', fxFrozen: false } }),
        ),
        [EVENT_B]: evidence(found({ appliedDecision: null }), null),
      }),
    );
    const failed = report.lines.map((line) =>
      line.checks.filter((c) => c.status === 'fail').map((c) => c.id),
    );
    expect(failed).toEqual([[], ['decision-recorded']]);
  });
});
