import type { Invoice } from '@/lib/annuity/schemas';
import { checkComponentsSum, checkLinesSum, checkVatTotal } from './arithmetic-checks';
import { type CheckCounts, type CheckResult, countChecks } from './check-types';
import { checkDecisionRecorded, checkGraceSurcharge, checkSkipDropBilling } from './decision-checks';
import { type BillingIndex, checkBilledOnce } from './duplicate-billing';
import { type KnownDecision, knownDecision, type LineEvidence, NO_EVIDENCE } from './evidence';
import { lineKeys } from './line-keys';
import {
  type CurrencyVariance,
  checkInvoiceVariance,
  checkLineVariance,
  invoiceVariance,
  type LineVariance,
  lineVariance,
} from './variance';

/**
 * Every automatic invoice check, on one invoice. Pure: the evidence (batch records, events) and
 * the index of all billings are gathered by the server and passed in, so the same function runs
 * for a page, an export and a test.
 */
export interface CheckOptions {
  /** VARIANCE_THRESHOLD_PERCENT, as a decimal string. */
  thresholdPercent: string;
  /** By event id; a line without evidence is checked as "cannot check" where it matters. */
  evidence: ReadonlyMap<string, LineEvidence>;
  /** Every billing of every invoice (for "the same event billed on two invoices"). */
  billings: BillingIndex;
  /** The reader's locale, for dates in explanations (default: lib/format/dates.ts DEFAULT_LOCALE). */
  locale?: string;
}

interface LineReport {
  index: number;
  lineKey: string;
  decision: KnownDecision | null;
  evidence: LineEvidence;
  variance: LineVariance;
  checks: CheckResult[];
}

export interface InvoiceCheckReport {
  invoiceChecks: CheckResult[];
  lines: LineReport[];
  varianceByCurrency: CurrencyVariance[];
  counts: CheckCounts;
}

export function checkInvoice(invoice: Invoice, options: CheckOptions): InvoiceCheckReport {
  const keys = lineKeys(invoice.fees);
  const lines = invoice.fees.map((line, index): LineReport => {
    const evidence = (line.eventId ? options.evidence.get(line.eventId) : undefined) ?? NO_EVIDENCE;
    const variance = lineVariance(invoice, line, evidence);
    return {
      index,
      lineKey: keys[index] as string,
      decision: knownDecision(invoice, evidence),
      evidence,
      variance,
      checks: [
        checkComponentsSum(line),
        checkDecisionRecorded(invoice, line, evidence),
        checkSkipDropBilling(invoice, line, evidence),
        checkLineVariance(variance, options.thresholdPercent),
        checkBilledOnce(invoice, index, line, options.billings),
        checkGraceSurcharge(invoice, line, evidence, options.locale),
      ],
    };
  });
  const variances = lines.map((line) => line.variance);
  const invoiceChecks = [
    checkLinesSum(invoice),
    checkVatTotal(invoice),
    checkInvoiceVariance(variances, options.thresholdPercent),
  ];
  return {
    invoiceChecks,
    lines,
    varianceByCurrency: invoiceVariance(variances),
    counts: countChecks([...invoiceChecks, ...lines.flatMap((line) => line.checks)]),
  };
}
