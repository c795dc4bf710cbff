import type { ClientRef } from '@/lib/clients/chosen-client';
import {
  type ComparedLine,
  type SpendLine,
  type SpendRow,
  type SurchargeCause,
  type SurchargeTotal,
  spendBy,
  spendTotals,
  surchargeTotals,
  type VarianceRow,
  varianceBy,
} from './spend';

/** What /api/analytics and the /analytics page answer; shared by the server loader and the page. */

export interface SurchargeLine {
  /** The invoice's client, only when the user works for several. */
  client?: ClientRef;
  invoiceId: string;
  invoiceReference: string;
  issueDate: string | null;
  lineIndex: number;
  patentId: string | null;
  caseReference: string | null;
  /** Names the patent when it has no case reference, as every page does (lib/portfolio/patent-name.ts). */
  providerId: string | null;
  office: string | null;
  currency: string;
  /** The GRACE_PERIOD component(s) of the line (spec: Fees rule 2). */
  surcharge: string;
  dueDate: string | null;
  gracePeriodEndDate: string | null;
  decision: string | null;
  decidedOn: string | null;
  cause: SurchargeCause;
}

export interface SpendAnalyticsData {
  byMonth: SpendRow[];
  byOffice: SpendRow[];
  totals: SpendRow[];
  surcharges: SurchargeLine[];
  surchargeTotals: SurchargeTotal[];
  variance: VarianceRow[];
  /** Renewal lines (PROCEED, not corrections) that had no recorded estimate to compare with. */
  varianceNotCompared: number;
  invoices: number;
  lines: number;
  /** When the invoice list copy was read from the service (lib/server/invoices/catalog.ts). */
  catalogReadAt: string;
  computedAt: string;
}

/**
 * The answer from the invoice lines read: spend by month, by office and in total, the surcharges
 * (sorted as they are listed) with their totals by currency and cause, and the variance of the
 * lines compared with their recorded estimate.
 */
export function spendAnalyticsOf(read: {
  spend: readonly SpendLine[];
  surcharges: SurchargeLine[];
  compared: readonly ComparedLine[];
  varianceNotCompared: number;
  invoices: number;
  catalogReadAt: string;
  computedAt: string;
}): SpendAnalyticsData {
  return {
    byMonth: spendBy(read.spend, ['month']),
    byOffice: spendBy(read.spend, ['office']),
    totals: spendTotals(read.spend),
    surcharges: read.surcharges,
    surchargeTotals: surchargeTotals(read.surcharges.map((line) => ({ ...line, amount: line.surcharge }))),
    variance: varianceBy(read.compared),
    varianceNotCompared: read.varianceNotCompared,
    invoices: read.invoices,
    lines: read.spend.length,
    catalogReadAt: read.catalogReadAt,
    computedAt: read.computedAt,
  };
}

export const ANALYTICS_TABLES = ['month', 'office', 'surcharges', 'variance'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];
