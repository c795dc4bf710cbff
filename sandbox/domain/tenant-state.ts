import type { PatentSortField } from '../../lib/annuity/schemas';
import type {
  EventRecord,
  FreezeRecord,
  InstructionRecord,
  InvoiceData,
  InvoiceLineRecord,
  InvoiceRecord,
  PatentRecord,
  ReceiptRecord,
  TenantConfig,
} from './model';
import type { FreezeData, InstructionBatch, ProgressMove } from './mutations';

/**
 * One tenant's portfolio in memory, with the indexes the endpoints read through (by id, by
 * providerId, by due month). Every change goes through one of the apply methods below, so a change
 * made by a request, replayed from the store or generated as history has the same effect.
 */
export class TenantState {
  readonly patents: PatentRecord[] = [];
  readonly patentsById = new Map<string, PatentRecord>();
  readonly patentsByProviderId = new Map<string, PatentRecord>();
  readonly eventsById = new Map<string, EventRecord>();
  /** Events by due month, ordered by due date then patent; dropped events stay, flagged `removed`. */
  readonly eventsByMonth = new Map<string, EventRecord[]>();
  /** Oldest first (issue date, then creation). */
  readonly invoices: InvoiceRecord[] = [];
  readonly invoicesById = new Map<string, InvoiceRecord>();
  readonly receiptsById = new Map<string, ReceiptRecord>();
  readonly freezes = new Map<string, FreezeRecord>();
  lastReceiptNumber = 0;
  lastInvoiceNumber = 0;
  lastOfficialReceiptNumber = 0;
  readonly #sorted = new Map<PatentSortField, PatentRecord[]>();

  constructor(readonly config: TenantConfig) {}

  addPatent(patent: PatentRecord): void {
    this.patents.push(patent);
    this.patentsById.set(patent.id, patent);
    if (patent.providerId !== null) this.patentsByProviderId.set(patent.providerId, patent);
    for (const event of patent.events) {
      this.eventsById.set(event.id, event);
      const month = this.eventsByMonth.get(event.dueMonth);
      if (month) month.push(event);
      else this.eventsByMonth.set(event.dueMonth, [event]);
    }
  }

  /** Orders the month index once every patent is in. */
  finishLoading(): void {
    for (const events of this.eventsByMonth.values()) {
      events.sort(
        (a, b) =>
          (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0) ||
          a.patent.ordinal - b.patent.ordinal ||
          a.annuityYear - b.annuityYear,
      );
    }
  }

  /**
   * Records a batch. An instruction whose execution time is still ahead of `now` (a deferred mode)
   * is scheduled: the event is instructed, its decision applied only when executeDue reaches it.
   */
  applyInstructionBatch(batch: InstructionBatch, now?: Date): ReceiptRecord {
    const receipt: ReceiptRecord = { ...batch.receipt, instructions: [] };
    this.receiptsById.set(receipt.id, receipt);
    this.lastReceiptNumber = Math.max(this.lastReceiptNumber, receipt.number);
    for (const invoice of batch.invoices) this.addInvoice(invoice, { attachToEvents: true });
    for (const data of batch.instructions) {
      const event = this.#event(data.eventId);
      const instruction: InstructionRecord = {
        id: data.id,
        decision: data.decision,
        executedAt: data.executedAt,
        event,
        receipt,
      };
      receipt.instructions.push(instruction);
      if (now && Date.parse(data.executedAt) > now.getTime()) {
        event.scheduled = instruction;
        event.updatedAt = batch.receipt.createdAt;
        this.#scheduled.push(instruction);
      } else this.#execute(instruction);
    }
    return receipt;
  }

  /** Instructions accepted in a deferred mode and not executed yet, in acceptance order. */
  #scheduled: InstructionRecord[] = [];

  /**
   * Executes the scheduled instructions whose time has come by the service's clock (a deferred
   * mode: accepted now, applied later). Returns the events it changed.
   */
  executeDue(now: Date): EventRecord[] {
    if (this.#scheduled.length === 0) return [];
    const at = now.getTime();
    const due = this.#scheduled.filter((instruction) => Date.parse(instruction.executedAt) <= at);
    if (due.length === 0) return [];
    this.#scheduled = this.#scheduled.filter((instruction) => Date.parse(instruction.executedAt) > at);
    for (const instruction of due) this.#execute(instruction);
    return due.map((instruction) => instruction.event);
  }

  #execute(instruction: InstructionRecord): void {
    const event = instruction.event;
    // Only an event that was scheduled carries the field: the others stay as they were built.
    if (event.scheduled) delete event.scheduled;
    event.instruction = instruction;
    event.appliedDecision = instruction.decision;
    event.processingStatus = 'INSTRUCTED';
    event.processingStatusUpdatedAt = instruction.executedAt;
    event.updatedAt = instruction.executedAt;
    if (instruction.decision === 'DROP') this.#dropLaterEvents(event, instruction.executedAt);
  }

  /**
   * spec: Instruction rules, DROP — "deletes all remaining future events of the patent; the right
   * lapses at the office". The right is recorded as lapsed from the dropped annuity's due date.
   */
  #dropLaterEvents(dropped: EventRecord, at: string): void {
    const patent = dropped.patent;
    const index = patent.events.indexOf(dropped);
    for (const later of patent.events.slice(index + 1)) {
      later.removed = true;
      this.eventsById.delete(later.id);
    }
    patent.events.length = index + 1;
    patent.status = 'LAPSED';
    patent.lapseDate = dropped.dueDate;
    patent.updatedAt = at;
    this.#sorted.delete('status');
  }

  addInvoice(data: InvoiceData, options: { attachToEvents: boolean }): InvoiceRecord {
    // The issued invoice as it came, so a field added to InvoiceData needs no line here.
    const { lines, ...issued } = data;
    const invoice: InvoiceRecord = { ...issued, updatedAt: data.createdAt, lines: [] };
    for (const line of lines) {
      const record: InvoiceLineRecord = { ...line, invoice };
      invoice.lines.push(record);
      if (!options.attachToEvents) continue;
      const event = this.eventsById.get(line.eventId);
      // spec: feesStatus — INVOICED with invoiceId once an invoice exists for the event; a later
      // regularization corrects the bill but the event keeps pointing at its invoice.
      if (event && event.invoiceLine === null) event.invoiceLine = record;
    }
    this.invoicesById.set(invoice.id, invoice);
    let position = this.invoices.length;
    while (position > 0 && compareInvoices(this.invoices[position - 1] as InvoiceRecord, invoice) > 0)
      position--;
    this.invoices.splice(position, 0, invoice);
    if (invoice.number !== null && /^\d+$/.test(invoice.number)) {
      this.lastInvoiceNumber = Math.max(this.lastInvoiceNumber, Number(invoice.number));
    }
    return invoice;
  }

  applyProgress(move: ProgressMove): EventRecord {
    const event = this.#event(move.eventId);
    event.processingStatus = move.status;
    event.processingStatusUpdatedAt = move.at;
    event.updatedAt = move.at;
    if (move.officialReceipt) {
      event.officialReceipt = move.officialReceipt;
      const sequence = Number(/(\d+)$/.exec(move.officialReceipt.number)?.[1] ?? 0);
      this.lastOfficialReceiptNumber = Math.max(this.lastOfficialReceiptNumber, sequence);
    }
    return event;
  }

  applyFreeze(data: FreezeData): FreezeRecord {
    const record: FreezeRecord = { ...data, rates: { ...data.rates } };
    this.freezes.set(data.yearMonth, record);
    return record;
  }

  /** Patents ordered by one sort field, ascending, nulls last (PostgreSQL's default order). */
  patentsSortedBy(field: PatentSortField): readonly PatentRecord[] {
    const cached = this.#sorted.get(field);
    if (cached) return cached;
    const sorted = [...this.patents].sort((a, b) => {
      const left = a[field];
      const right = b[field];
      if (left === right) return a.ordinal - b.ordinal;
      if (left === null) return 1;
      if (right === null) return -1;
      return left < right ? -1 : 1;
    });
    this.#sorted.set(field, sorted);
    return sorted;
  }

  #event(eventId: string): EventRecord {
    const event = this.eventsById.get(eventId);
    if (!event)
      throw new Error(
        `tenant ${this.config.name}: no event ${eventId} (store out of step with the generator?)`,
      );
    return event;
  }
}

function compareInvoices(a: InvoiceRecord, b: InvoiceRecord): number {
  if (a.issueDate !== b.issueDate) return a.issueDate < b.issueDate ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return 0;
}
