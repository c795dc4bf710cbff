/**
 * A drafted renewal the synced copy now shows differently from when the user decided: an
 * estimate that moved (estimates move without `updatedAt` moving, spec: Fees rule 3), a decision
 * no longer offered (spec: Instruction rules), or a renewal the service no longer lists.
 */
export type DraftChange =
  | { eventId: string; kind: 'estimate-moved'; was: string; now: string; currency: string }
  | { eventId: string; kind: 'not-decidable'; blockedReason: string | null; allowed: string[] }
  | { eventId: string; kind: 'gone' };
