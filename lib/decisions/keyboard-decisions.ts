import type { Decision } from '@/lib/annuity/enums';
import type { Instructability } from '@/lib/annuity/schemas';
import { offeredDecisions } from './rules';

/**
 * What the month view's keys do to rows and decisions, as pure rules the workspace
 * (app/(dashboard)/renewals/(month)/decision-workspace.tsx) and the tests share.
 */

/** The decision each key sets; `u` removes it (null). */
export const DECISION_KEYS: Readonly<Record<string, Decision | null>> = {
  p: 'PROCEED',
  s: 'SKIP_THIS_TIME',
  d: 'DROP',
  u: null,
};

/** The row `delta` steps from `current` (clamped to the list); the first row when there is none. */
export function moveCursor(ids: readonly string[], current: string | null, delta: number): string | null {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index < 0) return delta >= 0 ? (ids[0] ?? null) : (ids[ids.length - 1] ?? null);
  return ids[Math.min(ids.length - 1, Math.max(0, index + delta))] ?? null;
}

interface Decidable {
  eventId: string;
  instructability: Instructability | null;
}

export interface DecisionPlan<Row extends Decidable> {
  /** Rows that take the decision now. */
  accepted: Row[];
  /** Rows whose renewal the service does not offer it for: left as they are. */
  refused: Row[];
}

/**
 * Which rows a decision pressed by key may go to: only those whose renewal the service offers it
 * for now (spec: Instruction rules; the service's instructability and allowedDecisions are the
 * authority, never the due period). Removing a decision (null) is always possible.
 */
export function planDecision<Row extends Decidable>(
  rows: readonly Row[],
  decision: Decision | null,
): DecisionPlan<Row> {
  if (decision === null) return { accepted: [...rows], refused: [] };
  const accepted: Row[] = [];
  const refused: Row[] = [];
  for (const row of rows) (offeredDecisions(row).includes(decision) ? accepted : refused).push(row);
  return { accepted, refused };
}
