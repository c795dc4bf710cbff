import { decisionLabel, duePeriodLabel, processingStatusLabel, type Tone } from './labels';

/**
 * A renewal's due period as people read it: the service's period (spec: Other state sets,
 * duePeriod — "period of the due date relative to now", computed on the calendar alone) together
 * with what was decided and how far processing got. On its own a period misleads: a renewal paid
 * and fulfilled before its grace period ended still turns LAPSED once the calendar passes it, and
 * LATE is the service's last month before the due date, not a missed deadline.
 */
export interface DuePeriodView {
  label: string;
  tone: Tone;
  /** The decision taken and the processing state, when a decision was taken ("Proceed · Fulfilled"). */
  state: string | null;
  /** What the period means, for a tooltip and screen readers; null when the label says it all. */
  help: string | null;
  /** One short line under the label: the state when decided, else what LATE means at a glance. */
  note: string | null;
}

/** spec: duePeriod LATE; the stand-in service's rule is the last month before the due date. */
export const LATE_HELP =
  'Late is the service’s last month before the due date: the due date has not passed yet (Today lists these as due this month or next, “not yet passed”), but the service needs this time to reach the office.';

const PASSED = new Set(['GRACE_PERIOD', 'LAPSED']);

export function duePeriodView(row: {
  duePeriod: string | null;
  appliedDecision: string | null;
  processingStatus: string | null;
}): DuePeriodView | null {
  const period = duePeriodLabel(row.duePeriod);
  if (!period) return null;
  const decided = decisionLabel(row.appliedDecision);
  const processing = processingStatusLabel(row.processingStatus);
  const state = decided
    ? [decided.label, processing && row.processingStatus !== 'NOT_INSTRUCTED' ? processing.label : null]
        .filter(Boolean)
        .join(' · ')
    : null;
  const help = row.duePeriod === 'LATE' ? LATE_HELP : null;
  const note = state ?? (row.duePeriod === 'LATE' ? 'Due date not passed yet' : null);
  // A decided renewal's passed due date is history, not a warning: the red "Lapsed" and the amber
  // "Grace period" are for renewals still waiting for a decision. An unprocessable one keeps them.
  if (decided && row.processingStatus !== 'UNPROCESSABLE') {
    if (row.duePeriod !== null && PASSED.has(row.duePeriod))
      return {
        label: 'Due date passed',
        tone: 'neutral',
        state,
        note,
        help: `The service’s period: ${period.label}.`,
      };
    return { label: period.label, tone: 'neutral', state, note, help };
  }
  return { label: period.label, tone: period.tone, state, note, help };
}
