import type { Fees, Invoice } from '@/lib/annuity/schemas';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { patentName } from '@/lib/portfolio/patent-name';
import type { CheckCounts, CheckResult } from './check-types';
import type { KnownDecision, RecordedEstimate } from './evidence';
import type { CurrencyVariance, LineVariance } from './variance';

/**
 * What the invoice page and the export know of an invoice once checked: each line with its patent
 * (from the portfolio snapshot), its event, the decision and estimate behind it, and its checks.
 */
export interface LinePatent {
  caseReference: string | null;
  providerId: string | null;
  title: string | null;
  office: string | null;
}

interface LineEvent {
  dueDate: string;
  gracePeriodEndDate: string | null;
  annuityYear: number | null;
  /** spec: Patent event — only when it differs from the annuity year. */
  paymentSequence?: number | null;
}

export interface InvoiceLineView {
  index: number;
  lineKey: string;
  fees: Fees;
  patentId: string | null;
  patent: LinePatent | null;
  event: LineEvent | null;
  decision: KnownDecision | null;
  estimate: RecordedEstimate | null;
  variance: LineVariance;
  checks: CheckResult[];
}

export interface InvoiceDetailData {
  invoice: Invoice;
  lines: InvoiceLineView[];
  invoiceChecks: CheckResult[];
  varianceByCurrency: CurrencyVariance[];
  counts: CheckCounts;
  thresholdPercent: string;
  checkedAt: string;
  /** The invoice's client, only when the user works for several. */
  client?: ClientRef;
}

export function lineLabel(line: Pick<InvoiceLineView, 'index' | 'patent' | 'fees'>): string {
  const name = patentName({
    caseReference: line.patent?.caseReference,
    providerId: line.patent?.providerId ?? line.fees.patent?.providerId,
    patentId: line.fees.patent?.id,
  });
  return `Line ${line.index + 1} (${name})`;
}
