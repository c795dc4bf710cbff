import type { Decision, KnownProcessingStatus } from '../../lib/annuity/schemas';
import { addDays } from './calendar';
import type { EventRecord } from './model';

/**
 * spec: States and transitions, processing status. After a PROCEED the service pays the office:
 * INSTRUCTED → PAYMENT_SENT → PAYMENT_CONFIRMED → FULFILLED, the official receipt on file at
 * FULFILLED. The triggers are not shown; here SKIP_THIS_TIME and DROP pay nothing, so the service
 * closes them straight from INSTRUCTED to FULFILLED, without an official receipt. UNPROCESSABLE is
 * the terminal problem state, reachable from any step before FULFILLED.
 */
const PIPELINES: Record<Decision, readonly KnownProcessingStatus[]> = {
  PROCEED: ['INSTRUCTED', 'PAYMENT_SENT', 'PAYMENT_CONFIRMED', 'FULFILLED'],
  SKIP_THIS_TIME: ['INSTRUCTED', 'FULFILLED'],
  DROP: ['INSTRUCTED', 'FULFILLED'],
};

export const TERMINAL_STATUSES: readonly KnownProcessingStatus[] = ['FULFILLED', 'UNPROCESSABLE'];

export type MoveCheck = { ok: true; to: KnownProcessingStatus } | { ok: false; reason: string };

/** Where an event may move: the next step by default, or a later step, or UNPROCESSABLE. */
export function checkMove(event: EventRecord, to: KnownProcessingStatus | undefined): MoveCheck {
  const decision = event.appliedDecision;
  if (decision === null) {
    return { ok: false, reason: 'the event has no decision yet: only an instruction moves it to INSTRUCTED' };
  }
  const current = event.processingStatus;
  if (TERMINAL_STATUSES.includes(current)) {
    return { ok: false, reason: `the event is ${current}, a terminal status` };
  }
  const pipeline = PIPELINES[decision];
  const position = pipeline.indexOf(current);
  if (to === undefined) {
    const next = pipeline[position + 1];
    return next ? { ok: true, to: next } : { ok: false, reason: 'no further step' };
  }
  if (to === 'UNPROCESSABLE') return { ok: true, to };
  const target = pipeline.indexOf(to);
  if (target <= position) {
    return { ok: false, reason: `${to} is not ahead of ${current} for a ${decision} decision` };
  }
  return { ok: true, to };
}

/** The official receipt is on file once a paid renewal is FULFILLED (spec: Endpoints 6 to 8). */
export function recordsOfficialReceipt(event: EventRecord, to: KnownProcessingStatus): boolean {
  return to === 'FULFILLED' && event.appliedDecision === 'PROCEED';
}

export function officialReceiptNumber(office: string, sequence: number): string {
  return `OR-${office}-${String(sequence).padStart(7, '0')}`;
}

/**
 * The generated history's pace: how far the office got with a decision taken on `decisionDate` by
 * `until` (payment sent after 3 days, confirmed after 12, receipt after 35; a non-payment is
 * closed after 3 days).
 */
export function progressTimeline(
  decision: Decision,
  decisionDate: string,
  until: string,
  unprocessable: boolean,
): { status: KnownProcessingStatus; date: string }[] {
  const steps: { status: KnownProcessingStatus; offset: number }[] =
    decision === 'PROCEED'
      ? unprocessable
        ? [
            { status: 'PAYMENT_SENT', offset: 3 },
            { status: 'UNPROCESSABLE', offset: 5 },
          ]
        : [
            { status: 'PAYMENT_SENT', offset: 3 },
            { status: 'PAYMENT_CONFIRMED', offset: 12 },
            { status: 'FULFILLED', offset: 35 },
          ]
      : [{ status: 'FULFILLED', offset: 3 }];
  return steps
    .map(({ status, offset }) => ({ status, date: addDays(decisionDate, offset) }))
    .filter((step) => step.date < until);
}
