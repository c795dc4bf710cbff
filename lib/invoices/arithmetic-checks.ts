import Big from 'big.js';
import {
  addAmounts,
  amountsEqual,
  componentsSumToTotal,
  minorUnits,
  multiply,
  subtract,
} from '@/lib/annuity/money';
import type { Fees, Invoice } from '@/lib/annuity/schemas';
import { plural, pluralWord } from '@/lib/format/plural';
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
      `${plural(foreign.length, 'line')} ${pluralWord(foreign.length, 'is', 'are')} in ${[...new Set(foreign.map((l) => l.currency))].join(', ')}, not in the invoice currency ${invoice.currency}; amounts of different currencies cannot be added.`,
    );
  }
  const unknown = invoice.fees.filter((line) => line.total === null).length;
  if (unknown > 0) {
    return warning(
      id,
      `Cannot check: ${plural(unknown, 'line')} ${pluralWord(unknown, 'has', 'have')} no total (the service sent null).`,
    );
  }
  const sum = addAmounts(
    invoice.fees.map((line) => line.total as string),
    invoice.currency,
  );
  const subtotal = invoice.subtotalExcludingTax;
  if (amountsEqual(sum, subtotal)) {
    return pass(
      id,
      `The ${plural(invoice.fees.length, 'line')} ${pluralWord(invoice.fees.length, 'adds', 'add')} up to the subtotal, ${money(subtotal, invoice.currency)}.`,
    );
  }
  return fail(
    id,
    `The ${plural(invoice.fees.length, 'line')} ${pluralWord(invoice.fees.length, 'adds', 'add')} up to ${money(sum, invoice.currency)} but the subtotal is ${money(subtotal, invoice.currency)} (difference ${money(subtract(subtotal, sum, invoice.currency), invoice.currency)}).`,
  );
}

/** The total the VAT rate implies, rounded to the currency's minor unit; null when it cannot be known. */
export function expectedTotal(invoice: Pick<Invoice, 'subtotalExcludingTax' | 'vatRate' | 'currency'>) {
  if (invoice.subtotalExcludingTax === null || invoice.vatRate === null) return null;
  // vatRate is a JSON number (spec: Conventions); it enters the arithmetic through its decimal text.
  const factor = new Big(1).plus(String(invoice.vatRate)).toFixed();
  return multiply(invoice.subtotalExcludingTax, factor, invoice.currency);
}

/**
 * The total with VAT rounded on each line and summed with the subtotal: the other way a careful
 * service may round (spec: Invoice gives `vatRate`, the subtotal and the total, and says nothing
 * of how VAT is rounded). null when a line has no total.
 */
export function expectedTotalPerLine(
  invoice: Pick<Invoice, 'subtotalExcludingTax' | 'vatRate' | 'currency' | 'fees'>,
): string | null {
  if (invoice.subtotalExcludingTax === null || invoice.vatRate === null) return null;
  if (invoice.fees.some((line) => line.total === null || line.currency !== invoice.currency)) return null;
  const rate = String(invoice.vatRate);
  const vat = invoice.fees.map((line) => multiply(line.total as string, rate, invoice.currency));
  return addAmounts([invoice.subtotalExcludingTax, ...vat], invoice.currency);
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
  const perLine = expectedTotalPerLine(invoice);
  const total = invoice.totalIncludingTax as string;
  const rate = formatVatRate(invoice.vatRate as number);
  const subtotal = money(invoice.subtotalExcludingTax as string, invoice.currency);
  if (amountsEqual(expected, total)) {
    return pass(id, `${subtotal} × (1 + ${rate}) = ${money(total, invoice.currency)}, to the minor unit.`);
  }
  // The spec does not say whether VAT is rounded once or per line: either way is right.
  if (perLine !== null && amountsEqual(perLine, total)) {
    return pass(
      id,
      `${subtotal} plus ${rate} VAT rounded on each of the ${plural(invoice.fees.length, 'line')} = ${money(total, invoice.currency)}, to the minor unit.`,
    );
  }
  const difference = subtract(total, expected, invoice.currency);
  // Within what rounding each line (half a minor unit each) can explain, the spec's silence on
  // the rounding method means we cannot tell right from wrong.
  if (invoice.fees.length > 1 && withinRounding(difference, invoice.fees.length, invoice.currency)) {
    return warning(
      id,
      `Cannot check exactly: ${subtotal} × (1 + ${rate}) is ${money(expected, invoice.currency)} rounded once${perLine ? ` and ${money(perLine, invoice.currency)} rounded per line` : ''}, the invoice says ${money(total, invoice.currency)}; the spec does not say how VAT is rounded, and the difference is within the rounding of ${invoice.fees.length} lines.`,
    );
  }
  return fail(
    id,
    `${subtotal} × (1 + ${rate}) is ${money(expected, invoice.currency)} rounded to the minor unit, but the invoice total is ${money(total, invoice.currency)} (difference ${money(difference, invoice.currency)}).`,
  );
}

/** |difference| ≤ lines × half a minor unit of the currency (ISO 4217). */
function withinRounding(difference: string, lines: number, currency: string): boolean {
  const halfUnit = new Big(1).div(new Big(10).pow(minorUnits(currency))).div(2);
  return new Big(difference).abs().lte(halfUnit.times(lines));
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
