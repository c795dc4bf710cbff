import Big from 'big.js';
import { addAmounts, scale } from '../../lib/annuity/money';
import type { KnownInvoiceOrigin } from '../../lib/annuity/schemas';
import type { InvoiceData, InvoiceLineData, TenantConfig } from './model';

/** An invoice before its amounts, reference and VAT: what the generator plans and numbers. */
export interface InvoiceDraft {
  id: string;
  origin: KnownInvoiceOrigin;
  number: string | null;
  legacyReference?: string;
  issueDate: string;
  createdAt: string;
  currency: string;
  lines: InvoiceLineData[];
}

/**
 * Builds an invoice from its lines (spec: Invoice): the subtotal is the sum of the line totals and
 * the total is subtotal × (1 + vatRate) rounded once to the minor unit, so both are consistent to
 * the cent (or yen). Numbered invoices get `INV-`/`REG-` references; IMPORTED ones keep the legacy
 * reference they came with and have no number (spec: Invoice, `number` null for IMPORTED).
 */
export function buildInvoice(
  input: InvoiceDraft & { vatRate: number; vatNumber: string | null },
): InvoiceData {
  const subtotal = addAmounts(
    input.lines.map((line) => line.total),
    input.currency,
  );
  const total = scale(new Big(subtotal).times(new Big(1).plus(String(input.vatRate))), input.currency);
  return {
    id: input.id,
    reference: referenceOf(input.origin, input.number, input.legacyReference),
    number: input.origin === 'IMPORTED' ? null : input.number,
    issueDate: input.issueDate,
    origin: input.origin,
    currency: input.currency,
    vatRate: input.vatRate,
    vatNumber: input.vatNumber,
    subtotalExcludingTax: subtotal,
    totalIncludingTax: total,
    // Imported invoices were issued by the previous provider: the service holds no document of them.
    hasPdfDocument: input.origin !== 'IMPORTED',
    createdAt: input.createdAt,
    lines: input.lines,
  };
}

function referenceOf(origin: KnownInvoiceOrigin, number: string | null, legacyReference?: string): string {
  if (origin === 'IMPORTED') return legacyReference ?? 'LEGACY';
  return `${origin === 'REGULARIZATION' ? 'REG' : 'INV'}-${number ?? ''}`;
}

/** Invoice numbers are sequential per tenant, starting at 100001. */
export function nextInvoiceNumber(lastNumber: number): string {
  return String(Math.max(lastNumber, 100_000) + 1);
}

/** VAT applies to invoices the service issues; imported ones carry the previous provider's 0%. */
export function vatOf(
  config: TenantConfig,
  origin: KnownInvoiceOrigin,
): { vatRate: number; vatNumber: string | null } {
  return origin === 'IMPORTED'
    ? { vatRate: 0, vatNumber: null }
    : { vatRate: config.vatRate, vatNumber: config.vatNumber };
}

export function receiptReference(number: number): string {
  return `IR-${String(number).padStart(6, '0')}`;
}
