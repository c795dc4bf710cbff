import type { ClientRef } from '@/lib/clients/chosen-client';
import type { SpendRow, SurchargeCause, SurchargeTotal, VarianceRow } from './spend';

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

export const ANALYTICS_TABLES = ['month', 'office', 'surcharges', 'variance'] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];
