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
 * The spec does not show a maximum batch size; the stand-in service takes 500, and a batch cannot
 * be split without losing its atomicity, so a draft holds at most 500 decisions.
 */
export const MAX_DRAFT_ENTRIES = 500;

export interface Draft {
  batchKey: string;
  entries: DraftEntry[];
  updatedAt: string | null;
}

/** The name a person recognises a patent by; what a DROP confirmation must repeat. */
export function patentName(entry: Pick<DraftEntry, 'caseReference' | 'providerId' | 'patentId'>): string {
  return entry.caseReference ?? entry.providerId ?? entry.patentId;
}
