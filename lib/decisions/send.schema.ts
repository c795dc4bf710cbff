import { z } from 'zod';
import { MAX_DRAFT_ENTRIES } from './draft';

/** Why a decision is taken, kept with the batch and shown in its history. */
const rationale = z.string().trim().max(2_000);

/** The reviewed draft as both sends take it: the whole draft at once, or split by the approval policy. */
export const reviewedDraftSchema = z.object({
  batchKey: z.uuid({ error: 'expected the batch key of the reviewed draft' }),
  dropConfirmations: z
    .array(
      z.object({
        eventId: z.string().min(1).max(64),
        patentName: z.string().min(1).max(200),
        // Every DROP is confirmed here (lib/server/decisions/send.ts refuses one that is not), so
        // requiring the rationale on the confirmation requires it for every DROP.
        rationale: rationale.min(1, { error: 'give the reason for dropping this patent' }),
      }),
    )
    .max(1_000)
    .default([]),
  notes: z
    .array(z.object({ eventId: z.string().min(1).max(64), note: rationale }))
    .max(1_000)
    .default([]),
});

export const sendDraftSchema = reviewedDraftSchema.extend({
  // The preparer asks for a manager's approval; a batch that needs one is refused without.
  requestApproval: z.boolean().default(false),
  // A part of the draft, after the service refused it whole for its size (spec: Limits 4).
  limit: z.number().int().min(1).max(MAX_DRAFT_ENTRIES).optional(),
});

/** The batch a route's path names (/api/decisions/batches/{batchId}/…, /api/approvals/{batchId}/…). */
export const batchParamsSchema = z.object({ batchId: z.uuid({ error: 'expected a batch id' }) });
