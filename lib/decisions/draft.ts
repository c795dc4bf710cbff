import { z } from 'zod';
import { DECISIONS } from '@/lib/annuity/schemas';

/**
 * A decision chosen in the month view but not sent yet, with what the user saw when choosing it
 * (names, due date, the decisions the service offered, the estimate). The draft lives in our
 * database per user; the server re-reads every event before sending, so these copies are for
 * showing and reviewing, never for deciding what the service allows.
 */
const estimate = z.object({
  /** The estimated total of the renewal (spec: Fees). */
  amount: z.string().nullable(),
  /** The SERVICE component alone: what a SKIP or DROP is billed (issue 8: "beyond the service fee"). */
  serviceFee: z.string().nullable(),
  currency: z.string().max(3),
  fxFrozen: z.boolean(),
});

export const draftEntrySchema = z.object({
  eventId: z.string().min(1).max(64),
  patentId: z.string().min(1).max(64),
  decision: z.enum(DECISIONS),
  caseReference: z.string().max(200).nullable(),
  providerId: z.string().max(200).nullable(),
  title: z.string().max(1000).nullable(),
  office: z.string().max(10).nullable(),
  dueDate: z.string().max(10),
  annuityYear: z.number().int().nullable(),
  allowedDecisions: z.array(z.string().max(40)).max(10),
  estimate: estimate.nullable(),
});
export type DraftEntry = z.infer<typeof draftEntrySchema>;

/** A batch may be large (spec: maximum not shown); the dashboard keeps one draft to a sane size. */
export const MAX_DRAFT_ENTRIES = 1_000;

export const draftEntriesSchema = z.array(draftEntrySchema).max(MAX_DRAFT_ENTRIES);

export interface Draft {
  batchKey: string;
  entries: DraftEntry[];
  updatedAt: string | null;
}

/** The name a person recognises a patent by; what a DROP confirmation must repeat. */
export function patentName(entry: Pick<DraftEntry, 'caseReference' | 'providerId' | 'patentId'>): string {
  return entry.caseReference ?? entry.providerId ?? entry.patentId;
}
