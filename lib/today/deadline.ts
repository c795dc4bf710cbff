import type { Instructability } from '@/lib/annuity/schemas';

/**
 * The deadline that matters for a renewal that can be decided now: its due date until that has
 * passed, then the end of its grace period. Null when the service does not accept a decision now
 * (read from instructability only, spec: Other state sets) or when the grace period is over:
 * a lapsed renewal takes only a skip or a drop and has no deadline left to meet.
 */
export function decisionDeadline(
  row: { dueDate: string; gracePeriodEndDate: string | null; instructability: Instructability | null },
  today: string,
): string | null {
  if (!row.instructability?.isAllowed) return null;
  if (row.dueDate >= today) return row.dueDate;
  const grace = row.gracePeriodEndDate;
  return grace !== null && grace >= today ? grace : null;
}
