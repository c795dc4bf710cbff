import type {
  Decision,
  KnownApplicantType,
  KnownEventType,
  KnownFeeComponentType,
  KnownFilingRoute,
  KnownInvoiceOrigin,
  KnownPatentStatus,
  KnownPatentType,
  KnownProcessingStatus,
} from '../../lib/annuity/schemas';

/**
 * The in-memory records the service answers from. The base portfolio is regenerated from the
 * tenant's seed at every start; what clients and operators change (decisions, receipts, invoices,
 * progress, freezes) is persisted by the store and replayed onto these records. Their value lists
 * are API v2's, closed: the service only produces values the contract defines.
 */

/**
 * What a generated portfolio holds (generator/portfolio.ts): `european`, a European-led portfolio
 * over the 16 offices (the demo tenant); `pacific`, a client filing mostly in the US and Japan, with
 * the UK, China and Korea, and few European patents, under its own owners and references.
 */
export const PORTFOLIO_MIXES = ['european', 'pacific'] as const;
export type PortfolioMix = (typeof PORTFOLIO_MIXES)[number];

export interface TenantConfig {
  id: string;
  name: string;
  /** The generated portfolio's owners, offices and reference scheme. */
  portfolio: PortfolioMix;
  /** The default invoice currency. */
  currency: string;
  /** Offices whose events are invoiced in another currency (the demo: US in USD, JP in JPY). */
  invoiceCurrencyByOffice: Readonly<Record<string, string>>;
  seed: number;
  patentCount: number;
  /** The tenant's creation date: the generated portfolio is laid out around it. */
  anchorDate: string;
  freezeEnabled: boolean;
  freezeHorizonMonths: number;
  vatRate: number;
  vatNumber: string | null;
  generatorVersion: number;
  createdAt: string;
}

export interface PatentRecord {
  ordinal: number;
  id: string;
  providerId: string | null;
  clientCaseReference: string | null;
  clientFamilyReference: string | null;
  title: string | null;
  office: string;
  patentType: KnownPatentType | null;
  applicationNumber: string | null;
  applicationDate: string | null;
  nationalPhaseEntryDate: string | null;
  priorityDate: string | null;
  publicationNumber: string | null;
  publicationDate: string | null;
  grantPublicationNumber: string | null;
  grantDate: string | null;
  pctApplicationNumber: string | null;
  expirationDate: string | null;
  extendedExpirationDate: string | null;
  lapseDate: string | null;
  renewalsManagedFrom: string | null;
  status: KnownPatentStatus | null;
  filingRoute: KnownFilingRoute | null;
  applicantType: KnownApplicantType | null;
  claimCount: number | null;
  designatedCountries: string[] | null;
  owner: string | null;
  secondaryOwners: string[] | null;
  subCase: string | null;
  createdAt: string;
  updatedAt: string;
  /** Renewal events in due-date order; a DROP removes the later ones from this list. */
  events: EventRecord[];
}

export interface EventRecord {
  id: string;
  patent: PatentRecord;
  eventType: KnownEventType;
  dueDate: string;
  gracePeriodEndDate: string | null;
  annuityYear: number;
  paymentSequenceNumber: number | null;
  /** YYYY-MM of the due date: the freeze month and the period index key. */
  dueMonth: string;
  /** spec: Instruction rules — first day of the month two months before the due month. */
  opensAt: string;
  /** Fee schedule amounts in the office currency (decimal strings). */
  officeCurrency: string;
  officeFee: string;
  agentFee: string | null;
  graceSurcharge: string;
  invoiceCurrency: string;
  createdAt: string;
  updatedAt: string;
  appliedDecision: Decision | null;
  processingStatus: KnownProcessingStatus;
  processingStatusUpdatedAt: string | null;
  instruction: InstructionRecord | null;
  /**
   * An instruction accepted in a deferred mode and not executed yet (its `executedAt` is when the
   * service's clock executes it): the event is instructed, its decision not applied yet.
   */
  scheduled?: InstructionRecord | null;
  invoiceLine: InvoiceLineRecord | null;
  officialReceipt: OfficialReceiptRecord | null;
  /** Deleted by a DROP of an earlier event of the same patent (spec: Instruction rules, DROP). */
  removed: boolean;
}

export interface ReceiptRecord {
  id: string;
  number: number;
  reference: string;
  issueDate: string;
  createdAt: string;
  instructions: InstructionRecord[];
}

export interface InstructionRecord {
  id: string;
  decision: Decision;
  executedAt: string;
  event: EventRecord;
  receipt: ReceiptRecord;
}

export interface FeeComponentRecord {
  type: KnownFeeComponentType;
  amount: string;
}

export interface InvoiceLineData {
  eventId: string;
  patentId: string;
  providerId: string | null;
  currency: string;
  components: FeeComponentRecord[];
  total: string;
  isFxRateFrozen: boolean;
}

/** An invoice as the service issues it; the state adds its lines' back-links and `updatedAt`. */
export interface InvoiceData {
  id: string;
  reference: string;
  number: string | null;
  issueDate: string;
  origin: KnownInvoiceOrigin;
  currency: string;
  vatRate: number;
  vatNumber: string | null;
  subtotalExcludingTax: string;
  totalIncludingTax: string;
  hasPdfDocument: boolean;
  createdAt: string;
  lines: InvoiceLineData[];
}

export interface InvoiceRecord extends Omit<InvoiceData, 'lines'> {
  updatedAt: string;
  lines: InvoiceLineRecord[];
}

export interface InvoiceLineRecord extends InvoiceLineData {
  invoice: InvoiceRecord;
}

interface OfficialReceiptRecord {
  number: string;
  recordedAt: string;
}

export interface FreezeRecord {
  yearMonth: string;
  /** Cross rates captured per currency pair ("USD/EUR" → "0.92…"); never re-captured. */
  rates: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}
