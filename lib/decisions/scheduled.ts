import type { InstructionReceipt } from '@/lib/annuity/schemas';

/**
 * A renewal the service accepted but has not executed yet: in a mode other than DIRECT
 * (`instructability.mode`, an open enum) an instruction's `status` is not EXECUTED and it carries
 * `scheduledForExecutionAt` (spec: Instruction). Only the service's receipt says so: our batch
 * keeps the renewal pending ("awaiting execution") with that receipt until the events show the
 * decision applied, and then it is executed (lib/server/decisions/reconcile.ts).
 */
export interface ScheduledDecision {
  eventId: string;
  /** The batch that holds it (still open): never sent again, never put in another batch. */
  batchId: string;
  decision: string;
  /** spec: Instruction, `scheduledForExecutionAt` — a calendar date. */
  scheduledFor: string;
}

/**
 * The date the receipt schedules this renewal's instruction for, or null when the receipt does
 * not say it is scheduled. The instruction is the one whose id the batch recorded; without one
 * (the receipt names no event and keeps no order, spec: Instruction receipt), the instructions of
 * the same decision must agree on their date. An EXECUTED instruction is not scheduled.
 */
export function scheduledDateOf(
  receipt: Pick<InstructionReceipt, 'instructions'> | null,
  item: { instructionId: string | null; decision: string },
): string | null {
  if (!receipt) return null;
  const candidates = item.instructionId
    ? receipt.instructions.filter((instruction) => instruction.id === item.instructionId)
    : receipt.instructions.filter((instruction) => instruction.decision === item.decision);
  const dates = new Set(
    candidates.map((instruction) =>
      instruction.status !== 'EXECUTED' ? (instruction.scheduledForExecutionAt ?? null) : null,
    ),
  );
  const [only] = dates;
  return dates.size === 1 && only ? only : null;
}
