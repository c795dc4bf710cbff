import type { DraftEntry } from '../../lib/decisions/draft';
import { draftEntryOf } from '../../lib/decisions/testing';
import { addMonths, currentYearMonth, monthBounds } from '../../lib/format/dates';
import { PAGE_SIZE, type ServiceEvent, type ServiceReader } from './service-data';

/**
 * What the measured actions work on, chosen from the service before any counter is reset: the
 * busiest month a paralegal can decide in, the largest generated invoice, a patent, and the
 * renewals the batches send, each with the minimum number of calls the data allows.
 */
interface InvoiceFixture {
  id: string;
  lines: number;
  patents: number;
  /** Pages of the period list over the due dates of the invoice's line events. */
  windowPages: number;
}

export interface BatchFixture {
  entries: DraftEntry[];
  /** Period-list pages (100 per page) over the batch's due dates that hold one of its events. */
  rereadPages: number;
}

/** The month view's window whose sort and filter are timed: its address and how many renewals it holds. */
interface InteractionWindow {
  query: string;
  renewals: number;
}

export interface BenchData {
  patents: number;
  month: string;
  monthRenewals: number;
  monthsConsidered: { month: string; renewals: number }[];
  interactionWindow: InteractionWindow;
  invoices: number;
  invoice: InvoiceFixture;
  patentId: string;
  batches: BatchFixture[];
}

/** The months whose renewals can be open for instruction now (spec: Instruction rules, opensAt). */
function decidableMonths(): string[] {
  const current = currentYearMonth();
  return [0, 1, 2].map((offset) => addMonths(current, offset));
}

async function busiestMonth(reader: ServiceReader) {
  const monthsConsidered = [];
  for (const month of decidableMonths()) {
    monthsConsidered.push({ month, renewals: await reader.renewalsDueIn(month) });
  }
  const busiest = [...monthsConsidered].sort((a, b) => b.renewals - a.renewals)[0];
  if (!busiest) throw new Error('no month to measure');
  return { month: busiest.month, monthRenewals: busiest.renewals, monthsConsidered };
}

/** The sort and filter are timed on at least this many renewals (a busy month of a large client). */
const INTERACTION_RENEWALS = 3_000;

/**
 * The busiest month when it holds enough renewals; otherwise the fewest consecutive decidable
 * months that do, as a from/to window (the window picker's range), so the sort and the filter
 * always work on at least INTERACTION_RENEWALS rows.
 */
async function interactionWindow(
  reader: ServiceReader,
  busiest: { month: string; monthRenewals: number },
): Promise<InteractionWindow> {
  if (busiest.monthRenewals >= INTERACTION_RENEWALS)
    return { query: `month=${busiest.month}`, renewals: busiest.monthRenewals };
  const months = decidableMonths();
  let largest: InteractionWindow | null = null;
  for (let length = 2; length <= months.length; length++) {
    for (let first = 0; first + length <= months.length; first++) {
      const from = monthBounds(months[first] as string).from;
      const to = monthBounds(months[first + length - 1] as string).to;
      const renewals = await reader.renewalsDueBetween(from, to);
      const candidate = { query: `from=${from}&to=${to}`, renewals };
      if (renewals >= INTERACTION_RENEWALS) return candidate;
      if (!largest || renewals > largest.renewals) largest = candidate;
    }
  }
  if (!largest) throw new Error('no window to time the sort and the filter on');
  return largest;
}

async function largestGeneratedInvoice(reader: ServiceReader) {
  const invoices = await reader.allInvoices();
  const generated = invoices
    .filter((invoice) => invoice.origin === 'GENERATED' && invoice.fees.some((line) => line.eventId))
    // The largest, the latest among equals: the detail whose checks need the most evidence.
    .sort((a, b) => b.fees.length - a.fees.length || b.issueDate.localeCompare(a.issueDate));
  const invoice = generated[0];
  if (!invoice) throw new Error('the bench tenant has no generated invoice');
  const eventIds = new Set(invoice.fees.flatMap((line) => (line.eventId ? [line.eventId] : [])));
  const patentIds = [...new Set(invoice.fees.flatMap((line) => (line.patent ? [line.patent.id] : [])))];
  const dueDates: string[] = [];
  for (const patentId of patentIds) {
    for (const event of await reader.patentEvents(patentId)) {
      if (eventIds.has(event.id)) dueDates.push(event.dueDate);
    }
  }
  dueDates.sort();
  const windowItems =
    dueDates.length > 0
      ? await reader.eventsDueBetween(dueDates[0] as string, dueDates[dueDates.length - 1] as string)
      : 0;
  return {
    total: invoices.length,
    fixture: {
      id: invoice.id,
      lines: invoice.fees.length,
      patents: patentIds.length,
      windowPages: Math.ceil(windowItems / PAGE_SIZE),
    },
  };
}

function toDraftEntry(event: ServiceEvent): DraftEntry | null {
  const allowed = event.instructability?.allowedDecisions ?? [];
  // DROP needs a typed confirmation per patent; the bench sends decisions a paralegal sends in bulk.
  const decision = allowed.includes('PROCEED')
    ? 'PROCEED'
    : allowed.includes('SKIP_THIS_TIME')
      ? 'SKIP_THIS_TIME'
      : null;
  if (!event.instructability?.isAllowed || !decision) return null;
  return draftEntryOf(event, decision, { estimate: false });
}

/** Period-list pages over [first due date, last due date] that hold at least one of the events. */
async function pagesHolding(reader: ServiceReader, entries: readonly DraftEntry[]): Promise<number> {
  const wanted = new Set(entries.map((entry) => entry.eventId));
  const dates = entries.map((entry) => entry.dueDate).sort();
  const dueWindow = { dueFrom: dates[0] as string, dueTo: dates[dates.length - 1] as string };
  let pages = 0;
  for (let page = 1; wanted.size > 0; page++) {
    const body = await reader.periodPage(dueWindow, page);
    const before = wanted.size;
    for (const event of body.data) wanted.delete(event.id);
    if (wanted.size < before) pages += 1;
    if (!body.pagination.hasMore || body.data.length === 0) break;
  }
  return pages;
}

/**
 * Runs of 100 renewals open for instruction, one per patent, consecutive in the service's period
 * order, so each batch's re-read can be as small as the data allows.
 */
async function batchFixtures(reader: ServiceReader, batches: number, size: number): Promise<BatchFixture[]> {
  const months = decidableMonths();
  const dueWindow = {
    dueFrom: monthBounds(months[0] as string).from,
    dueTo: monthBounds(months[months.length - 1] as string).to,
  };
  const picked: DraftEntry[] = [];
  const patents = new Set<string>();
  for (let page = 1; picked.length < batches * size; page++) {
    const body = await reader.periodPage(dueWindow, page);
    for (const event of body.data) {
      const entry = toDraftEntry(event);
      if (!entry || patents.has(entry.patentId)) continue;
      patents.add(entry.patentId);
      picked.push(entry);
    }
    if (!body.pagination.hasMore || body.data.length === 0) break;
  }
  if (picked.length < batches * size) {
    throw new Error(
      `only ${picked.length} renewals are open for instruction; the batches need ${batches * size}`,
    );
  }
  const fixtures: BatchFixture[] = [];
  for (let index = 0; index < batches; index++) {
    const entries = picked.slice(index * size, (index + 1) * size);
    fixtures.push({ entries, rereadPages: await pagesHolding(reader, entries) });
  }
  return fixtures;
}

export async function gatherBenchData(
  reader: ServiceReader,
  options: { batches: number; batchSize: number },
): Promise<BenchData> {
  const month = await busiestMonth(reader);
  const interaction = await interactionWindow(reader, month);
  const invoice = await largestGeneratedInvoice(reader);
  return {
    patents: await reader.patentCount(),
    ...month,
    interactionWindow: interaction,
    invoices: invoice.total,
    invoice: invoice.fixture,
    patentId: await reader.firstPatentId(),
    batches: await batchFixtures(reader, options.batches, options.batchSize),
  };
}
