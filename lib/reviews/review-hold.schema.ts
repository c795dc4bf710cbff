import { z } from 'zod';
import { ASKED_DECISIONS } from './review-hold';

const calendarDate = z.iso.date({ message: 'a date as YYYY-MM-DD' });

/**
 * POST /api/reviews: put one renewal or a selection under review. Renewals are named by their
 * service ids (UUIDs, spec: Conventions). The review-by date's bounds (today, the renewal's due date)
 * and the owner are checked by the server against the copy and the users.
 */
export const placeHoldsSchema = z.object({
  eventIds: z
    .array(z.uuid({ message: 'expected the renewal’s id (a UUID)' }))
    .min(1)
    .max(200),
  ownerUserId: z.string().trim().min(1, 'choose who reviews').max(200),
  reviewBy: calendarDate,
  askedDecision: z.enum(ASKED_DECISIONS),
  note: z.string().trim().max(500).optional(),
});
export type PlaceHolds = z.output<typeof placeHoldsSchema>;

/** GET /api/reviews: open holds, of one owner ("me" for the caller) or only the overdue ones. */
export const holdsQuerySchema = z.object({
  owner: z.string().trim().min(1).max(200).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});

export const holdParamsSchema = z.object({ id: z.uuid() });

/** The committee pack's format. */
export const packQuerySchema = z.object({ format: z.enum(['pdf', 'xlsx']).default('pdf') });
