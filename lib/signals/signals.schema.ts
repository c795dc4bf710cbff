import { z } from 'zod';

/**
 * GET /api/signals: the signals beside one renewal of a patent, or beside its next undecided one
 * when no renewal is named. Both are service ids (UUIDs, spec: Conventions).
 */
export const signalsQuerySchema = z.object({
  patentId: z.uuid(),
  eventId: z.uuid().optional(),
});
