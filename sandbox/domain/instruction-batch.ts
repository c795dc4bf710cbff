import { randomUUID } from 'node:crypto';
import { groupByCurrency } from '../../lib/annuity/money';
import type { Decision } from '../../lib/annuity/schemas';
import { eventRates } from './fees';
import type { RateTable } from './fx';
import { instructabilityOf, missingPreviousRenewalDates } from './instructability';
import { pricedInvoiceLine } from './invoice-lines';
import { buildInvoice, nextInvoiceNumber, receiptReference, vatOf } from './invoices';
import type { EventRecord } from './model';
import type { InstructionBatch } from './mutations';
import { jsonPointer, RuleViolation, validationFailed } from './rule-violation';
import type { TenantState } from './tenant-state';

/**
 * spec: Limits 4 leaves the maximum batch size open. 500 keeps one request well under a second and
 * a few hundred kilobytes of receipt, and covers a large month of a large portfolio in a few calls.
 */
export const MAX_BATCH_SIZE = 500;

export interface InstructionItem {
  eventId: string;
  decision: Decision;
}

/**
 * Validates a whole batch against the state before execution and, when every instruction passes,
 * returns what executing it writes (spec: Endpoints 10, Instruction rules: "A batch is atomic: on any
 * error nothing is executed"). Nothing here mutates the state: the caller persists the batch and
 * then applies it. The checks, in order, each over the whole batch:
 * 1. the batch size and no event twice (400 validation_failed);
 * 2. every event is the tenant's (spec: rule 2, 404 not_found, the whole batch rejected);
 * 3. at most one event per patent (422 instruction_skipped on the later one);
 * 4. each event's instructability, the same rule the events endpoints show.
 */
export function planInstructionBatch(
  state: TenantState,
  items: readonly InstructionItem[],
  context: {
    today: string;
    now: Date;
    rates: RateTable;
    maxBatchSize?: number;
    /** A deferred mode: when the instructions are executed (the service's clock), not now. */
    executeAt?: Date;
  },
): InstructionBatch {
  // The profile may lower the limit (profiles.ts `maxBatchSize`); the refusal is the same.
  const maxBatchSize = Math.min(context.maxBatchSize ?? MAX_BATCH_SIZE, MAX_BATCH_SIZE);
  if (items.length > maxBatchSize) {
    throw validationFailed([
      {
        pointer: '/instructions',
        detail: `at most ${maxBatchSize} instructions per batch, got ${items.length}`,
      },
    ]);
  }
  const seen = new Map<string, number>();
  const duplicates = items.flatMap((item, index) => {
    const eventId = item.eventId.toLowerCase();
    const first = seen.get(eventId);
    seen.set(eventId, first ?? index);
    return first === undefined
      ? []
      : [
          {
            pointer: jsonPointer(['instructions', index, 'eventId']),
            detail: `event already in instruction ${first}`,
          },
        ];
  });
  if (duplicates.length > 0) throw validationFailed(duplicates);

  const events = items.map((item, index) => {
    const event = state.eventsById.get(item.eventId.toLowerCase());
    if (!event) {
      throw new RuleViolation(
        'not_found',
        `Instruction ${index}: event ${item.eventId} is not in your portfolio. Nothing was executed.`,
      );
    }
    return event;
  });

  checkOneEventPerPatent(events);
  events.forEach((event, index) => {
    checkInstructable(event, (items[index] as InstructionItem).decision, index, context.today);
  });

  return buildBatch(state, items, events, context);
}

function checkOneEventPerPatent(events: readonly EventRecord[]): void {
  const byPatent = new Map<string, EventRecord>();
  for (const event of events) {
    const other = byPatent.get(event.patent.id);
    if (!other) {
      byPatent.set(event.patent.id, event);
      continue;
    }
    const later = other.dueDate > event.dueDate ? other : event;
    throw skipped(
      later,
      `Two events of patent ${later.patent.clientCaseReference ?? later.patent.id} are in one batch; only the earliest undecided one can be instructed. Nothing was executed.`,
    );
  }
}

function checkInstructable(event: EventRecord, decision: Decision, index: number, today: string): void {
  const rules = instructabilityOf(event, today);
  const subject = `Instruction ${index} (event ${event.id})`;
  switch (rules.blockedReason) {
    case 'ALREADY_INSTRUCTED':
      throw new RuleViolation(
        'instruction_already_set',
        event.appliedDecision === null && event.scheduled
          ? `${subject}: the event already has a ${event.scheduled.decision} decision scheduled for execution at ${event.scheduled.executedAt}. Nothing was executed.`
          : `${subject}: the event already has an executed ${event.appliedDecision} decision. Nothing was executed.`,
      );
    case 'TOO_EARLY':
      throw new RuleViolation(
        'instruction_too_early',
        `${subject}: the event can be instructed from ${rules.opensAt}. Nothing was executed.`,
      );
    case 'EARLIER_EVENT_PENDING':
      throw skipped(
        event,
        `${subject}: an earlier renewal of the same patent must be decided first. Nothing was executed.`,
      );
    case null:
      break;
  }
  if (!rules.allowedDecisions.includes(decision)) {
    throw new RuleViolation(
      'instruction_lapsed',
      `${subject}: ${decision} is not offered on this event (allowed: ${rules.allowedDecisions.join(', ')}). Nothing was executed.`,
    );
  }
}

function skipped(event: EventRecord, detail: string): RuleViolation {
  return new RuleViolation('instruction_skipped', detail, {
    clientCaseReference: event.patent.clientCaseReference,
    missingPreviousRenewalDates: missingPreviousRenewalDates(event),
  });
}

/**
 * The receipt, one instruction per item, and one GENERATED invoice per invoice currency with one
 * line per instruction, priced now (frozen rates for frozen months).
 */
function buildBatch(
  state: TenantState,
  items: readonly InstructionItem[],
  events: readonly EventRecord[],
  context: { today: string; now: Date; rates: RateTable; executeAt?: Date },
): InstructionBatch {
  // Accepted now (the receipt and invoices are dated now); executed now, or when scheduled.
  const acceptedAt = context.now.toISOString();
  const executedAt = (context.executeAt ?? context.now).toISOString();
  const lines = events.map((event, index) =>
    pricedInvoiceLine(
      event,
      (items[index] as InstructionItem).decision,
      context.today,
      eventRates(state.freezes.get(event.dueMonth), context.rates),
    ),
  );
  let lastNumber = state.lastInvoiceNumber;
  // One invoice per currency, currencies in code order.
  const invoices = groupByCurrency(lines).map(([currency, invoiceLines]) => {
    const number = nextInvoiceNumber(lastNumber);
    lastNumber = Number(number);
    return buildInvoice({
      id: randomUUID(),
      origin: 'GENERATED',
      number,
      issueDate: context.today,
      createdAt: acceptedAt,
      currency,
      ...vatOf(state.config, 'GENERATED'),
      lines: invoiceLines,
    });
  });
  const receiptNumber = state.lastReceiptNumber + 1;
  return {
    receipt: {
      id: randomUUID(),
      number: receiptNumber,
      reference: receiptReference(receiptNumber),
      issueDate: context.today,
      createdAt: acceptedAt,
    },
    instructions: items.map((item, index) => ({
      id: randomUUID(),
      eventId: (events[index] as EventRecord).id,
      decision: item.decision,
      executedAt,
    })),
    invoices,
  };
}
