import { z } from 'zod';
import { DECISIONS } from '@/lib/annuity/enums';
import { MAX_DRAFT_ENTRIES } from './draft';

/** The draft's shape (lib/decisions/draft.ts), checked where a draft enters or leaves our database. */
const estimate = z.object({
  /** The estimated total of the renewal (spec: Fees). */
  amount: z.string().nullable(),
  /** The SERVICE component alone: what a SKIP or DROP is billed (invoice checks flag any more). */
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
  /** Sent by the service only when it differs from the annuity year (spec: Patent event); absent in older drafts. */
  paymentSequence: z.number().int().nullable().optional(),
  allowedDecisions: z.array(z.string().max(40)).max(10),
  estimate: estimate.nullable(),
  /** The cost of waiting as the user saw it; absent in drafts saved before it existed. */
  grace: z
    .object({
      periodEnd: z.string().max(10).nullable(),
      duePeriod: z.string().max(40).nullable(),
      surcharge: z.string().max(40).nullable(),
    })
    .nullable()
    .optional(),
});

export const draftEntriesSchema = z.array(draftEntrySchema).max(MAX_DRAFT_ENTRIES);
