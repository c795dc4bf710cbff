import { describe, expect, it } from 'vitest';
import {
  importedInvoiceFixture,
  jpyInvoicedFeesFixture,
  regularizationInvoiceFixture,
} from '@/lib/annuity/fixtures';
import {
  asInvoice,
  component,
  EVENT_A,
  EVENT_B,
  eurLine,
  evidence,
  found,
  invoiceOf,
  lineOf,
  recorded,
} from './testing';
import {
  checkInvoiceVariance,
  checkLineVariance,
  exceedsThreshold,
  invoiceVariance,
  lineVariance,
} from './variance';

const line1000 = () => eurLine(EVENT_A, [component('OFFICE', '905.00'), component('SERVICE', '95.00')]);
const estimate = (amount: string, fxFrozen = false, currency = 'EUR') =>
  recorded({ estimate: { amount, currency, fxFrozen } });

function varianceCheck(invoiceLine = line1000(), record = recorded(), threshold = '5', frozenLine = false) {
  const invoice = invoiceOf([{ ...invoiceLine, isFxRateFrozen: frozenLine }]);
  const variance = lineVariance(invoice, lineOf(invoice), evidence(found(), record));
  return { variance, result: checkLineVariance(variance, threshold) };
}

describe('a line against the estimate recorded when its decision was sent', () => {
  it('passes an exact match', () => {
    const { variance, result } = varianceCheck(line1000(), estimate('1000.00'));
    expect(variance).toMatchObject({ kind: 'compared', difference: '0.00', percent: '0.00' });
    expect(result.status).toBe('pass');
  });

  it('passes within the threshold and says by how much', () => {
    const { result } = varianceCheck(line1000(), estimate('970.00'));
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('Within the 5% threshold');
    expect(result.explanation).toContain('+30.00, +3.09%');
  });

  it('flags above the threshold', () => {
    const { result } = varianceCheck(line1000(), estimate('940.00'));
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('Above the 5% threshold');
    expect(result.explanation).toContain(
      'invoiced 1000.00 EUR against 940.00 EUR estimated (+60.00, +6.38%)',
    );
  });

  it('follows the configured threshold, decimal and inclusive', () => {
    expect(varianceCheck(line1000(), estimate('940.00'), '10').result.status).toBe('pass');
    expect(exceedsThreshold('5.00', '100.00', '5')).toBe(false);
    expect(exceedsThreshold('5.01', '100.00', '5')).toBe(true);
    expect(exceedsThreshold('-2.5', '100', '2.4')).toBe(true);
  });

  it('expects a match to the cent at frozen rates, naming the fee schedule as the only excuse', () => {
    const { result } = varianceCheck(line1000(), estimate('999.99', true), '5', true);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('frozen exchange rates');
    expect(result.explanation).toContain('change of fee schedule');
    expect(varianceCheck(line1000(), estimate('1000.00', true), '5', true).result.status).toBe('pass');
  });

  it('says so when the estimate and the line disagree on the freeze', () => {
    const { result } = varianceCheck(line1000(), estimate('1000.00', true), '5', false);
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('disagree on whether the exchange rate was frozen');
  });

  it('compares JPY in whole yen', () => {
    const invoice = asInvoice(
      importedInvoiceFixture({
        fees: [jpyInvoicedFeesFixture({ total: '200000', components: [component('OFFICE', '200000')] })],
      }),
    );
    const variance = lineVariance(
      invoice,
      lineOf(invoice),
      evidence(found(), estimate('184300', false, 'JPY')),
    );
    expect(variance).toMatchObject({ kind: 'compared', difference: '15700', percent: '8.52' });
    expect(checkLineVariance(variance, '5').status).toBe('fail');
  });

  it('cannot check without a recorded estimate, or in another currency: warnings', () => {
    expect(varianceCheck(line1000(), recorded({ estimate: null })).result.status).toBe('warning');
    expect(varianceCheck(line1000(), estimate('1000', false, 'USD')).result.status).toBe('warning');
    const noAmount = recorded({ estimate: { amount: null, currency: 'EUR', fxFrozen: false } });
    expect(varianceCheck(line1000(), noAmount).result.status).toBe('warning');
  });

  it('does not compare a skip or drop (billed the service fee only) nor a correction', () => {
    const skip = varianceCheck(line1000(), recorded({ decision: 'SKIP_THIS_TIME' }));
    expect(skip.variance).toEqual({ kind: 'not-compared', reason: 'not-proceed' });
    expect(skip.result.status).toBe('pass');
    const correction = asInvoice(regularizationInvoiceFixture());
    const variance = lineVariance(correction, lineOf(correction), evidence(found(), recorded()));
    expect(variance).toEqual({ kind: 'not-compared', reason: 'correction' });
  });

  it('fails a non-zero line against a zero estimate', () => {
    const { result } = varianceCheck(line1000(), estimate('0.00'));
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('estimate was zero');
  });
});

describe('the invoice against its estimates, per currency', () => {
  it('adds the compared lines and flags the sum above the threshold', () => {
    const invoice = invoiceOf([line1000(), eurLine(EVENT_B, [component('OFFICE', '500.00')])]);
    const variances = [
      lineVariance(invoice, lineOf(invoice, 0), evidence(found(), estimate('1000.00'))),
      lineVariance(invoice, lineOf(invoice, 1), evidence(found(), estimate('400.00'))),
    ];
    expect(invoiceVariance(variances)).toEqual([
      {
        currency: 'EUR',
        invoiced: '1500.00',
        estimated: '1400.00',
        difference: '100.00',
        percent: '7.14',
        lines: 2,
      },
    ]);
    const result = checkInvoiceVariance(variances, '5');
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain(
      'EUR: invoiced 1500.00 EUR against 1400.00 EUR estimated (+100.00, +7.14%) over 2 lines',
    );
    expect(checkInvoiceVariance(variances, '8').status).toBe('pass');
  });

  it('warns when no line could be compared, and is not applicable to a correction', () => {
    const invoice = invoiceOf([line1000()]);
    const none = [lineVariance(invoice, lineOf(invoice), evidence(found(), null))];
    expect(checkInvoiceVariance(none, '5').status).toBe('warning');
    const correction = asInvoice(regularizationInvoiceFixture());
    const corrections = [lineVariance(correction, lineOf(correction), evidence())];
    expect(checkInvoiceVariance(corrections, '5').status).toBe('pass');
  });
});
