import type { z } from 'zod';
import type { draftEntrySchema } from './draft.schema';

/**
 * A decision chosen in the month view but not sent yet, with what the user saw when choosing it
 * (names, due date, the decisions the service offered, the estimate). The draft lives in our
 * database per user; the server re-reads every event before sending, so these copies are for
 * showing and reviewing, never for deciding what the service allows. The zod schema is in
 * draft.schema.ts, so the browser gets these types and helpers without the schema library.
 */
export type DraftEntry = z.infer<typeof draftEntrySchema>;

/**
 * A decision as the send steps read it: from the user's draft, or from a stored batch sent again
 * or approved, which keeps no title and no offered decisions (the service is asked again).
 */
export type SendItem = Omit<DraftEntry, 'title' | 'allowedDecisions'>;

/**
 * Our own bound on a draft (one review page, one request body), not the service's batch limit:
 * that is not shown (spec: Limits 4) and is learnt from the service's refusal when a batch exceeds
 * it (lib/server/decisions/refusals.ts, batchTooLarge), which offers the user parts, each atomic.
 */
export const MAX_DRAFT_ENTRIES = 500;

export interface Draft {
  batchKey: string;
  entries: DraftEntry[];
  updatedAt: string | null;
  /**
   * The draft's renewals that sit in a batch not settled yet (being sent, checking with the
   * service, awaiting approval), each with that batch's id: shown as "being sent", and refused by
   * the send path in any other batch (one renewal, one open batch).
   */
  beingSent?: Record<string, string>;
}
