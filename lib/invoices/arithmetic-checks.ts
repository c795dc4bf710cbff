import Big from 'big.js';
import { addAmounts, amountsEqual, componentsSumToTotal, multiply, subtract } from '@/lib/annuity/money';
import type { Fees, Invoice } from '@/lib/annuity/schemas';
import { feeComponentLabel } from '@/lib/renewals/labels';
import { type CheckResult, fail, money, pass, warning } from './check-types';

/**
 * The invoice's own arithmetic (spec: Invoice, Fees): lines against the subtotal, VAT against the
 * total, components against each line's total. Decimal throughout (big.js via lib/annuity/money).
 */

export function formatVatRate(vatRate: number): string {
  return `${new Big(String(vatRate)).times(100).toFixed()}%`;
}

export function checkLinesSum(invoice: Invoice): CheckResult {
  const id = 'lines-sum';
  if (invoice.subtotalExcludingTax === null) {
    return warning(id, 'Cannot check: the invoice has no subtotal (the service sent null).');
  }
  // spec: Fees — all amounts of a line are in the invoice currency; two currencies are never added.
  const foreign = invoice.fees.filter((line) => line.currency !== invoice.currency);
  if (foreign.length > 0) {
    return fail(
      id,
      `${foreign.length} line(s) are in ${[...new Set(foreign.map((l) => l.currency))].join(', ')}, not in the invoice currency ${invoice.currency}; amounts of different currencies cannot be added.`,
    );
  }
  const unknown = invoice.fees.filter((line) => line.total === null).length;
  if (unknown > 0) {
    return warning(id, `Cannot check: ${unknown} line(s) have no total (the service sent null).`);
  }
  const sum = addAmounts(
    invoice.fees.map((line) => line.total as string),
    invoice.currency,
  );
  const subtotal = invoice.subtotalExcludingTax;
  if (amountsEqual(sum, subtotal)) {
    return pass(
      id,
      `The ${invoice.fees.length} line(s) add up to the subtotal, ${money(subtotal, invoice.currency)}.`,
    );
  }
  return fail(
    id,
    `The ${invoice.fees.length} line(s) add up to ${money(sum, invoice.currency)} but the subtotal is ${money(subtotal, invoice.currency)} (difference ${money(subtract(subtotal, sum, invoice.currency), invoice.currency)}).`,
  );
}

/** The total the VAT rate implies, rounded to the currency's minor unit; null when it cannot be known. */
export function expectedTotal(invoice: Pick<Invoice, 'subtotalExcludingTax' | 'vatRate' | 'currency'>) {
  if (invoice.subtotalExcludingTax === null || invoice.vatRate === null) return null;
  // vatRate is a JSON number (spec: Conventions); it enters the arithmetic through its decimal text.
  const factor = new Big(1).plus(String(invoice.vatRate)).toFixed();
  return multiply(invoice.subtotalExcludingTax, factor, invoice.currency);
}

export function checkVatTotal(invoice: Invoice): CheckResult {
  const id = 'vat-total';
  const missing = [
    invoice.subtotalExcludingTax === null ? 'subtotal' : null,
    invoice.vatRate === null ? 'VAT rate' : null,
    invoice.totalIncludingTax === null ? 'total' : null,
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    return warning(id, `Cannot check: the invoice has no ${missing.join(', ')} (the service sent null).`);
  }
  const expected = expectedTotal(invoice) as string;
  const total = invoice.totalIncludingTax as string;
  const rate = formatVatRate(invoice.vatRate as number);
  const subtotal = money(invoice.subtotalExcludingTax as string, invoice.currency);
  if (amountsEqual(expected, total)) {
    return pass(id, `${subtotal} × (1 + ${rate}) = ${money(total, invoice.currency)}, to the minor unit.`);
  }
  return fail(
    id,
    `${subtotal} × (1 + ${rate}) is ${money(expected, invoice.currency)} rounded to the minor unit, but the invoice total is ${money(total, invoice.currency)} (difference ${money(subtract(total, expected, invoice.currency), invoice.currency)}).`,
  );
}

export function checkComponentsSum(line: Fees): CheckResult {
  const id = 'components-sum';
  if (line.total === null) return warning(id, 'Cannot check: the line has no total (the service sent null).');
  // spec: Fees — an unknown component type is still part of the total; it is named "Other (…)".
  const sum = addAmounts(
    line.components.map((component) => component.amount),
    line.currency,
  );
  const parts = line.components.map((c) => `${feeComponentLabel(c.type)} ${c.amount}`).join(' + ');
  if (componentsSumToTotal(line)) {
    return pass(
      id,
      line.components.length === 0
        ? `No components, and the total is ${money(line.total, line.currency)}.`
        : `${parts} = ${money(line.total, line.currency)}.`,
    );
  }
  return fail(
    id,
    `The components add up to ${money(sum, line.currency)}${parts ? ` (${parts})` : ''} but the line total is ${money(line.total, line.currency)}.`,
  );
}
