import Big from 'big.js';
import { addAmounts, scale } from '../../lib/annuity/money';
import type { KnownFeesStatus, Strict } from '../../lib/annuity/schemas';
import { addDays } from '../domain/calendar';
import { duePeriodOf } from '../domain/due-period';
import { eventRates, renewalFeesInEventCurrency } from '../domain/fees';
import type { RateTable } from '../domain/fx';
import { instructabilityOf } from '../domain/instructability';
import { pricedInvoiceLine } from '../domain/invoice-lines';
import type {
  EventRecord,
  InvoiceLineData,
  InvoiceLineRecord,
  InvoiceRecord,
  PatentRecord,
  ReceiptRecord,
} from '../domain/model';
import type { TenantState } from '../domain/tenant-state';
import type { ProfileSwitches } from '../operator/schemas';

/**
 * The API's representations (spec: Resources and their fields), typed by the strict schemas so
 * the compiler checks every field is present: null when it has no value, never omitted; `fees` and
 * `instructability` the only optional members. Field order follows the spec's tables.
 */

export interface ViewContext {
  tenant: TenantState;
  today: string;
  rates: RateTable;
  /** The behaviour profile's switches (sandbox/profiles.ts). */
  profile: ProfileSwitches;
}

export function patentView(patent: PatentRecord): Strict.Patent {
  return {
    object: 'patent',
    id: patent.id,
    providerId: patent.providerId,
    clientCaseReference: patent.clientCaseReference,
    clientFamilyReference: patent.clientFamilyReference,
    title: patent.title,
    office: patent.office,
    patentType: patent.patentType,
    applicationNumber: patent.applicationNumber,
    applicationDate: patent.applicationDate,
    nationalPhaseEntryDate: patent.nationalPhaseEntryDate,
    priorityDate: patent.priorityDate,
    publicationNumber: patent.publicationNumber,
    publicationDate: patent.publicationDate,
    grantPublicationNumber: patent.grantPublicationNumber,
    grantDate: patent.grantDate,
    pctApplicationNumber: patent.pctApplicationNumber,
    expirationDate: patent.expirationDate,
    extendedExpirationDate: patent.extendedExpirationDate,
    lapseDate: patent.lapseDate,
    renewalsManagedFrom: patent.renewalsManagedFrom,
    status: patent.status,
    filingRoute: patent.filingRoute,
    applicantType: patent.applicantType,
    claimCount: patent.claimCount,
    designatedCountries: patent.designatedCountries ? [...patent.designatedCountries] : null,
    owner: patent.owner,
    secondaryOwners: patent.secondaryOwners ? [...patent.secondaryOwners] : null,
    subCase: patent.subCase,
    createdAt: patent.createdAt,
    updatedAt: patent.updatedAt,
  };
}

/**
 * spec: Fees — INVOICED amounts come from the invoice line and are stable; ESTIMATED ones are the
 * line the event would get now, from the fee schedule and the current (or the month's frozen) rates.
 */
export function feesView(event: EventRecord, context: ViewContext): Strict.Fees {
  if (event.invoiceLine) return invoiceLineView(event.invoiceLine);
  const estimate = pricedInvoiceLine(
    event,
    null,
    context.today,
    eventRates(context.tenant.freezes.get(event.dueMonth), context.rates),
  );
  return feesOf(estimate, null, 'ESTIMATED');
}

function invoiceLineView(line: InvoiceLineRecord): Strict.Fees {
  return feesOf(line, line.invoice.id, 'INVOICED');
}

function feesOf(line: InvoiceLineData, invoiceId: string | null, feesStatus: KnownFeesStatus): Strict.Fees {
  return {
    object: 'fees',
    invoiceId,
    eventId: line.eventId,
    patent: { id: line.patentId, providerId: line.providerId },
    currency: line.currency,
    total: line.total,
    components: line.components.map((component) => ({ ...component })),
    feesStatus,
    isFxRateFrozen: line.isFxRateFrozen,
  };
}

export function eventView(
  event: EventRecord,
  context: ViewContext,
  options: { withFees: boolean },
): Strict.PatentEvent {
  const fees = feesView(event, context);
  const instructability = instructabilityOf(event, context.today);
  return {
    object: 'patentEvent',
    id: event.id,
    patent: { id: event.patent.id, providerId: event.patent.providerId },
    eventType: event.eventType,
    dueDate: event.dueDate,
    gracePeriodEndDate: event.gracePeriodEndDate,
    renewal: { annuityYear: event.annuityYear, paymentSequenceNumber: event.paymentSequenceNumber },
    appliedDecision: event.appliedDecision,
    duePeriod: duePeriodOf(event, context.today),
    processingStatus: event.processingStatus,
    processingStatusUpdatedAt: event.processingStatusUpdatedAt,
    isFxRateFrozen: fees.isFxRateFrozen,
    feesStatus: fees.feesStatus,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    ...(options.withFees ? { fees } : {}),
    instructability: {
      isAllowed: instructability.isAllowed,
      allowedDecisions: instructability.allowedDecisions,
      blockedReason: instructability.blockedReason,
      opensAt: instructability.opensAt,
      // spec: Patent event, `mode` "DIRECT today; open enum" — the DEFERRED profile names another mode.
      mode: context.profile.instructionMode === 'DIRECT' ? instructability.mode : DEFERRED_MODE,
    },
  };
}

/**
 * spec: Invoice, `number` "some payloads show it as a number; accept either" — the `number` profile
 * sends it as a JSON number (still null on IMPORTED invoices). The strict type is the string form,
 * so the numeric one is typed as what it is on the wire.
 */
type InvoiceWire = Omit<Strict.Invoice, 'number'> & { number: string | number | null };

export function invoiceView(invoice: InvoiceRecord, profile?: ProfileSwitches): InvoiceWire {
  const number =
    profile?.invoiceNumbers === 'number' && invoice.number !== null && /^\d{1,15}$/.test(invoice.number)
      ? Number(invoice.number)
      : invoice.number;
  return {
    object: 'invoice',
    id: invoice.id,
    reference: invoice.reference,
    number,
    issueDate: invoice.issueDate,
    origin: invoice.origin,
    ipRightType: 'PATENT',
    currency: invoice.currency,
    vatRate: invoice.vatRate,
    vatNumber: invoice.vatNumber,
    subtotalExcludingTax: invoice.subtotalExcludingTax,
    totalIncludingTax:
      profile?.vatRounding === 'perLine' ? totalWithVatPerLine(invoice) : invoice.totalIncludingTax,
    hasPdfDocument: invoice.hasPdfDocument,
    // spec: Endpoints, "An XLSX download endpoint: not shown" — so no invoice claims one.
    hasXlsxDocument: false,
    fees: invoice.lines.map(invoiceLineView),
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

/** The mode and instruction status of the DEFERRED profile: values this v2 does not list (open enums). */
export const DEFERRED_MODE = 'DEFERRED';
export const SCHEDULED_STATUS = 'SCHEDULED';

type InstructionWire = Omit<Strict.Instruction, 'status'> & { status: string };
type InstructionReceiptWire = Omit<Strict.InstructionReceipt, 'instructions'> & {
  instructions: InstructionWire[];
};

export function receiptView(receipt: ReceiptRecord, profile?: ProfileSwitches): InstructionReceiptWire {
  const deferred = profile?.instructionMode === 'DEFERRED';
  const instructions = receipt.instructions.map(
    (instruction): InstructionWire =>
      deferred
        ? {
            // spec: Instruction — `status` "other values: not shown", `scheduledForExecutionAt`
            // "null in DIRECT mode": a deferred mode accepts now and executes the next day.
            object: 'instruction',
            id: instruction.id,
            decision: instruction.decision,
            status: SCHEDULED_STATUS,
            executedAt: null,
            scheduledForExecutionAt: addDays(receipt.issueDate, 1),
            renewedDesignatedCountries: null,
            excludedDesignatedCountries: null,
          }
        : {
            object: 'instruction',
            id: instruction.id,
            decision: instruction.decision,
            // DIRECT mode: executed synchronously, never scheduled (spec: Instruction receipt).
            status: 'EXECUTED',
            executedAt: instruction.executedAt,
            scheduledForExecutionAt: null,
            renewedDesignatedCountries: null,
            excludedDesignatedCountries: null,
          },
  );
  return {
    object: 'instructionReceipt',
    issueDate: receipt.issueDate,
    reference: receipt.reference,
    number: receipt.number,
    // spec: Instruction receipt, "one per submitted instruction" — the order is not promised.
    instructions: profile?.receiptOrder === 'reversed' ? instructions.reverse() : instructions,
  };
}

/** The perLine profile: VAT rounded on each line to the minor unit, then summed with the subtotal. */
function totalWithVatPerLine(invoice: InvoiceRecord): string {
  const rate = String(invoice.vatRate);
  const vat = invoice.lines.map((line) => scale(new Big(line.total).times(rate), invoice.currency));
  return addAmounts([invoice.subtotalExcludingTax, ...vat], invoice.currency);
}

function frozenRateEventView(event: EventRecord, context: ViewContext): Strict.FrozenRateEvent {
  return {
    object: 'frozenRateEvent',
    clientCaseReference: event.patent.clientCaseReference,
    dueDate: event.dueDate,
    amount: renewalFeesInEventCurrency(event, context.today),
    currency: event.officeCurrency,
    isFxRateFrozen: context.tenant.freezes.has(event.dueMonth),
    hasInstruction: event.appliedDecision !== null,
  };
}

export function freezeView(yearMonth: string, context: ViewContext): Strict.ExchangeRateFreeze {
  const events = (context.tenant.eventsByMonth.get(yearMonth) ?? []).filter((event) => !event.removed);
  return {
    object: 'exchangeRateFreeze',
    yearMonth,
    events: events.map((event) => frozenRateEventView(event, context)),
  };
}
