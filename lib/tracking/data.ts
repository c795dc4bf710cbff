import type { RenewalRow } from '@/lib/renewals/rows';
import type { CopyAge } from '../sync/age';
import type { FulfilledGap, Stage } from './board';

export interface ScheduledRow {
  row: RenewalRow;
  decision: string;
  scheduledFor: string;
  batchId: string;
}

/** What the tracking board receives for one due month. */
export interface TrackingData {
  month: string;
  stages: Stage[];
  /** Instructed renewals of the month, for the list under the board. */
  rows: RenewalRow[];
  unprocessable: RenewalRow[];
  /**
   * Renewals of the month the service accepted and scheduled (lib/decisions/scheduled.ts), with
   * the decision sent and the date its receipt gives; not among `rows` until it applies them.
   */
  scheduled: ScheduledRow[];
  gaps: FulfilledGap[];
  /** Official receipts not checked yet (checks are spread over polls to save quota). */
  uncheckedReceipts: number;
  /** Official receipts whose check failed (an unexpected answer), shown on their renewal. */
  receiptCheckFailures?: { eventId: string; reason: string }[];
  fetchedAt: string;
  /** The synced copy's age behind the board (lib/server/sync). */
  copy?: CopyAge;
  upstreamCalls: number;
  /** Below 10 % of the daily quota: the board polls less often. */
  quotaLow: boolean;
}
