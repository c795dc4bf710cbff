import { z } from 'zod';
import { compareIso, monthsBetween } from '../format/dates';
import { type FreezeRefusal, yearMonthSchema } from './months';

/**
 * The freeze horizon as the dashboard has learned it. The spec (Limits 5) says each account has
 * one but does not publish it; the service only answers 400 to a month beyond it. Each freeze
 * attempt is in the audit log with the month it aimed at and the month it was made in, and this
 * module reads the horizon back out of those entries, so nothing new has to be stored.
 *
 * The horizon counts from "now", so what is remembered is a distance (months ahead), not a month:
 * a month refused in March may be accepted in June.
 */
export type FreezeAttemptResult = 'frozen' | 'already-frozen' | FreezeRefusal | 'failed';

export interface FreezeAttempt {
  month: string;
  /** The month it was when the attempt was made: the horizon counts from there. */
  currentMonth: string;
  /** When the attempt was made (ISO instant). */
  at: string;
  result: FreezeAttemptResult;
}

interface HorizonObservation {
  month: string;
  monthsAhead: number;
  at: string;
}

export interface HorizonKnowledge {
  /** The nearest refusal as beyond the horizon: months this far ahead or further are refused. */
  refused: HorizonObservation | null;
  /** The farthest month frozen for the first time: months this far ahead are accepted. */
  accepted: HorizonObservation | null;
}

export const NOTHING_LEARNED: HorizonKnowledge = { refused: null, accepted: null };

/** What an audit entry of a freeze attempt carries in `details` (written by lib/server/rate-freezes). */
const freezeAttemptDetailsSchema = z.object({
  month: yearMonthSchema,
  currentMonth: yearMonthSchema,
  result: z.enum(['frozen', 'already-frozen', 'past', 'beyond-horizon', 'refused', 'failed']),
});

export function attemptFromAuditEntry(entry: { at: Date; details: unknown }): FreezeAttempt | null {
  const parsed = freezeAttemptDetailsSchema.safeParse(entry.details);
  return parsed.success ? { ...parsed.data, at: entry.at.toISOString() } : null;
}

/**
 * Replays the attempts oldest first. A newer observation that contradicts an older one wins,
 * because the contract behind the horizon can change: a refusal nearer than the farthest accepted
 * month means the horizon shrank, a first freeze at or past the refused distance means it grew.
 * A repeated freeze of a frozen month is not evidence: the service may not check the horizon again.
 */
export function learnHorizon(attempts: readonly FreezeAttempt[]): HorizonKnowledge {
  let { refused, accepted } = NOTHING_LEARNED;
  const ordered = [...attempts].sort((a, b) => compareIso(a.at, b.at));
  for (const attempt of ordered) {
    const observation = {
      month: attempt.month,
      monthsAhead: monthsBetween(attempt.currentMonth, attempt.month),
      at: attempt.at,
    };
    if (attempt.result === 'beyond-horizon') {
      if (accepted && accepted.monthsAhead >= observation.monthsAhead) accepted = null;
      if (!refused || observation.monthsAhead <= refused.monthsAhead) refused = observation;
    } else if (attempt.result === 'frozen') {
      if (refused && observation.monthsAhead >= refused.monthsAhead) refused = null;
      if (!accepted || observation.monthsAhead >= accepted.monthsAhead) accepted = observation;
    }
  }
  return { refused, accepted };
}
