import { describe, expect, it } from 'vitest';
import {
  importedInvoiceFixture,
  invoicedFeesFixture,
  regularizationInvoiceFixture,
} from '@/lib/annuity/fixtures';
import {
  checkComponentsSum,
  checkLinesSum,
  checkVatTotal,
  expectedTotal,
  expectedTotalPerLine,
} from './arithmetic-checks';
import { asInvoice, component, EVENT_A, EVENT_B, eurLine, invoiceOf, lineOf } from './testing';

describe('lines add up to the subtotal', () => {
  it('passes on the fixture invoice', () => {
    const result = checkLinesSum(invoiceOf([invoicedFeesFixture()]));
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('1234.50 EUR');
  });

  it('fails when the lines add up to something else, naming both amounts and the difference', () => {
    const invoice = invoiceOf(
      [eurLine(EVENT_A, [component('OFFICE', '100.00')]), eurLine(EVENT_B, [component('SERVICE', '95.00')])],
      { subtotalExcludingTax: '200.00', totalIncludingTax: '240.00' },
    );
    const result = checkLinesSum(invoice);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('195.00 EUR');
    expect(result.explanation).toContain('200.00 EUR');
    expect(result.explanation).toContain('difference 5.00 EUR');
  });

  it('adds JPY with no decimals', () => {
    expect(checkLinesSum(asInvoice(importedInvoiceFixture())).status).toBe('pass');
  });

  it('adds a negative correction line like any other', () => {
    const invoice = asInvoice(
      regularizationInvoiceFixture({
        subtotalExcludingTax: '-40.29',
        totalIncludingTax: '-43.39',
        fees: [
          invoicedFeesFixture({
            currency: 'CHF',
            total: '-40.29',
            components: [component('OFFICE', '-40.29')],
          }),
        ],
      }),
    );
    expect(checkLinesSum(invoice).status).toBe('pass');
  });

  it('cannot check without a subtotal or with a line without total: a warning, not a crash', () => {
    expect(checkLinesSum(invoiceOf([invoicedFeesFixture()], { subtotalExcludingTax: null })).status).toBe(
      'warning',
    );
    const noTotal = invoiceOf([invoicedFeesFixture({ total: null, components: [] })]);
    const result = checkLinesSum(noTotal);
    expect(result.status).toBe('warning');
    expect(result.explanation).toContain('no total');
  });

  it('fails a line in another currency instead of adding two currencies', () => {
    const invoice = asInvoice({
      ...importedInvoiceFixture(),
      fees: [invoicedFeesFixture()],
    });
    const result = checkLinesSum(invoice);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('EUR, not in the invoice currency JPY');
  });
});

describe('subtotal × (1 + vatRate) equals the total', () => {
  it('passes EUR at 20%: 1234.50 → 1481.40', () => {
    const result = checkVatTotal(invoiceOf([invoicedFeesFixture()]));
    expect(result.status).toBe('pass');
    expect(result.explanation).toBe('1234.50 EUR × (1 + 20%) = 1481.40 EUR, to the minor unit.');
  });

  it('passes JPY at 10% with zero decimals: 184300 → 202730', () => {
    expect(checkVatTotal(asInvoice(importedInvoiceFixture())).status).toBe('pass');
  });

  it('rounds JPY half up to the yen: 184305 × 1.1 = 202735.5 → 202736', () => {
    expect(expectedTotal({ subtotalExcludingTax: '184305', vatRate: 0.1, currency: 'JPY' })).toBe('202736');
    const invoice = asInvoice(
      importedInvoiceFixture({
        subtotalExcludingTax: '184305',
        totalIncludingTax: '202735',
        fees: [
          invoicedFeesFixture({
            currency: 'JPY',
            total: '184305',
            components: [component('OFFICE', '184305')],
          }),
        ],
      }),
    );
    const result = checkVatTotal(invoice);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('202736 JPY');
    expect(result.explanation).toContain('difference -1 JPY');
  });

  it('fails a VAT total off by one cent', () => {
    const result = checkVatTotal(invoiceOf([invoicedFeesFixture()], { totalIncludingTax: '1481.41' }));
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('1481.40 EUR rounded to the minor unit');
    expect(result.explanation).toContain('1481.41 EUR');
  });

  it('uses the decimal text of an awkward rate (7.7%), never float arithmetic', () => {
    expect(checkVatTotal(asInvoice(regularizationInvoiceFixture())).status).toBe('pass');
    expect(expectedTotal({ subtotalExcludingTax: '0.10', vatRate: 0.07, currency: 'EUR' })).toBe('0.11');
  });

  it('warns for each null it meets, naming them', () => {
    const result = checkVatTotal(
      invoiceOf([invoicedFeesFixture()], {
        vatRate: null,
        totalIncludingTax: null,
        subtotalExcludingTax: null,
      }),
    );
    expect(result.status).toBe('warning');
    expect(result.explanation).toContain('subtotal, VAT rate, total');
  });

  it('passes VAT rounded per line as well as once on the subtotal (the spec does not say which)', () => {
    const lines = [
      eurLine(EVENT_A, [component('SERVICE', '0.02')]),
      eurLine(EVENT_B, [component('SERVICE', '0.02')]),
    ];
    const once = invoiceOf(lines, { subtotalExcludingTax: '0.04', vatRate: 0.25, totalIncludingTax: '0.05' });
    expect(checkVatTotal(once).status).toBe('pass');
    const perLine = invoiceOf(lines, {
      subtotalExcludingTax: '0.04',
      vatRate: 0.25,
      totalIncludingTax: '0.06',
    });
    expect(expectedTotalPerLine(perLine)).toBe('0.06');
    const result = checkVatTotal(perLine);
    expect(result.status).toBe('pass');
    expect(result.explanation).toBe(
      '0.04 EUR plus 25% VAT rounded on each of the 2 lines = 0.06 EUR, to the minor unit.',
    );
    const off = invoiceOf(lines, { subtotalExcludingTax: '0.04', vatRate: 0.25, totalIncludingTax: '0.07' });
    expect(checkVatTotal(off).status).toBe('fail');
  });

  it('cannot check a total that another rounding within half a cent per line explains', () => {
    const line = () => eurLine(EVENT_A, [component('SERVICE', '0.02')]);
    const invoice = invoiceOf([line(), line(), line()], {
      subtotalExcludingTax: '0.06',
      vatRate: 0.25,
      totalIncludingTax: '0.07',
    });
    const result = checkVatTotal(invoice);
    expect(result.status).toBe('warning');
    expect(result.explanation).toContain('the spec does not say how VAT is rounded');
  });

  it('passes a 0% imported invoice whose total equals its subtotal', () => {
    const invoice = asInvoice(importedInvoiceFixture({ vatRate: 0, totalIncludingTax: '184300' }));
    expect(checkVatTotal(invoice).status).toBe('pass');
  });
});

describe('components add up to the line total', () => {
  it('passes and lists the components', () => {
    const result = checkComponentsSum(lineOf(asInvoice(importedInvoiceFixture())));
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('Office fee 150300');
  });

  it('counts a component of an unknown type as "Other" in the sum', () => {
    const line = lineOf(
      invoiceOf([
        eurLine(EVENT_A, [component('OFFICE', '870.00'), component('TRANSLATION', '45.00')], '915.00'),
      ]),
    );
    const result = checkComponentsSum(line);
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('Other (TRANSLATION) 45.00');
  });

  it('fails when the components do not add up', () => {
    const line = lineOf(
      invoiceOf([eurLine(EVENT_A, [component('OFFICE', '870.00')], '880.00')], {
        subtotalExcludingTax: '880.00',
        totalIncludingTax: '1056.00',
      }),
    );
    const result = checkComponentsSum(line);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('870.00 EUR');
    expect(result.explanation).toContain('880.00 EUR');
  });

  it('cannot check a line without total', () => {
    const line = lineOf(invoiceOf([invoicedFeesFixture({ total: null })]));
    expect(checkComponentsSum(line).status).toBe('warning');
  });
});
