import Big from 'big.js';
import { groupByCurrency, scale } from '../../lib/annuity/money';
import type { Decision, KnownInvoiceOrigin } from '../../lib/annuity/schemas';
import { addDays, addMonths, daysBetween, formatDate, minDate } from '../domain/calendar';
import { duePeriodOf } from '../domain/due-period';
import { eventRates } from '../domain/fees';
import { DEFAULT_RATES } from '../domain/fx';
import { correctionLine, pricedInvoiceLine } from '../domain/invoice-lines';
import {
  buildInvoice,
  type InvoiceDraft,
  nextInvoiceNumber,
  receiptReference,
  vatOf,
} from '../domain/invoices';
import type { EventRecord, InvoiceLineData, PatentRecord } from '../domain/model';
import type { InstructionBatch } from '../domain/mutations';
import { officialReceiptNumber, progressTimeline } from '../domain/pipeline';
import type { TenantState } from '../domain/tenant-state';
import type { IdFactory } from './ids';
import type { Random } from './prng';

/**
 * The history a tenant is created with: decisions taken before the anchor date, as batches with
 * their receipts and invoices, then the office's progress on each. It goes through the same
 * TenantState apply functions as live requests, so history obeys the same rules (one undecided
 * chain per patent, DROP deletes later events, fees priced as the POST prices them).
 *
 * Invoices issued more than IMPORT_CUTOFF_MONTHS before the anchor were migrated from the previous
 * provider (origin IMPORTED, no number, no document); a few later ones are corrected by a
 * REGULARIZATION invoice.
 */

const IMPORT_CUTOFF_MONTHS = 12;
const HISTORY_BATCH_SIZE = 100;
/** The default profile's share (profiles.ts `regularizationShare`); the draws do not depend on it. */
const REGULARIZATION_SHARE = 0.015;

interface PlannedDecision {
  event: EventRecord;
  decision: Decision;
  date: string;
}

export function generateHistory(
  state: TenantState,
  ids: IdFactory,
  random: Random,
  options: { regularizationShare?: number } = {},
): void {
  const anchor = state.config.anchorDate;
  const planned: PlannedDecision[] = [];
  for (const patent of state.patents) planned.push(...planPatentDecisions(patent, anchor, random));

  // One receipt per batch day and chunk of 100, numbered in date order.
  const byDate = new Map<string, PlannedDecision[]>();
  for (const decision of planned) {
    const list = byDate.get(decision.date);
    if (list) list.push(decision);
    else byDate.set(decision.date, [decision]);
  }
  const batches: PlannedDecision[][] = [];
  for (const date of [...byDate.keys()].sort()) {
    const list = byDate.get(date) ?? [];
    for (let start = 0; start < list.length; start += HISTORY_BATCH_SIZE) {
      batches.push(list.slice(start, start + HISTORY_BATCH_SIZE));
    }
  }

  let otherSequence = 0;
  let invoiceSequence = 0;
  let legacySequence = 0;
  const importCutoff = addMonths(anchor, -IMPORT_CUTOFF_MONTHS);
  const drafts: InvoiceDraft[] = [];
  const receipts: { batch: InstructionBatch; drafts: InvoiceDraft[] }[] = [];

  batches.forEach((batch, batchIndex) => {
    const date = (batch[0] as PlannedDecision).date;
    const executedAt = `${date}T${String(9 + (batchIndex % 8)).padStart(2, '0')}:${String((batchIndex * 7) % 60).padStart(2, '0')}:00.000Z`;
    const origin: KnownInvoiceOrigin = date < importCutoff ? 'IMPORTED' : 'GENERATED';
    // The default rates, not the current ones: a tenant is regenerated from its seed at every start.
    const lines = batch.map(({ event, decision }) =>
      pricedInvoiceLine(event, decision, date, eventRates(undefined, DEFAULT_RATES)),
    );
    // One invoice per currency, currencies in code order.
    const batchDrafts = groupByCurrency(lines).map(
      ([currency, currencyLines]): InvoiceDraft => ({
        id: ids.id('invoice', invoiceSequence++),
        origin,
        legacyReference: `LEG-${date.slice(0, 4)}-${String(++legacySequence).padStart(5, '0')}`,
        issueDate: date,
        createdAt: executedAt,
        currency,
        lines: currencyLines,
        number: null,
      }),
    );
    drafts.push(...batchDrafts);
    const receiptNumber = batchIndex + 1;
    receipts.push({
      drafts: batchDrafts,
      batch: {
        receipt: {
          id: ids.id('other', otherSequence++),
          number: receiptNumber,
          reference: receiptReference(receiptNumber),
          issueDate: date,
          createdAt: executedAt,
        },
        instructions: batch.map(({ event, decision }) => ({
          id: ids.id('other', otherSequence++),
          eventId: event.id,
          decision,
          executedAt,
        })),
        invoices: [],
      },
    });
  });

  // Corrections: an office fee that changed after invoicing, credited or charged ~25 days later.
  const regularizations = planRegularizations(
    drafts,
    anchor,
    random,
    options.regularizationShare ?? REGULARIZATION_SHARE,
  ).map(
    ({ source, lines }): InvoiceDraft => ({
      id: ids.id('invoice', invoiceSequence++),
      origin: 'REGULARIZATION',
      issueDate: addDays(source.issueDate, 25),
      createdAt: `${addDays(source.issueDate, 25)}T16:30:00.000Z`,
      currency: source.currency,
      lines,
      number: null,
    }),
  );

  // Numbers follow issue order across GENERATED and REGULARIZATION invoices.
  let lastNumber = 0;
  for (const draft of [...drafts, ...regularizations]
    .filter((candidate) => candidate.origin !== 'IMPORTED')
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))) {
    draft.number = nextInvoiceNumber(lastNumber);
    lastNumber = Number(draft.number);
  }
  const build = (draft: InvoiceDraft) => buildInvoice({ ...draft, ...vatOf(state.config, draft.origin) });
  for (const { batch, drafts: batchDrafts } of receipts) {
    state.applyInstructionBatch({ ...batch, invoices: batchDrafts.map(build) });
  }
  for (const draft of regularizations) state.addInvoice(build(draft), { attachToEvents: false });

  // The office's progress on every decision, as far as it got by the anchor date.
  for (const { event, decision, date } of planned) {
    if (event.removed) continue;
    const unprocessable = decision === 'PROCEED' && random.chance(0.03);
    for (const step of progressTimeline(decision, date, anchor, unprocessable)) {
      const recorded = step.status === 'FULFILLED' && decision === 'PROCEED';
      state.applyProgress({
        eventId: event.id,
        status: step.status,
        at: `${step.date}T14:00:00.000Z`,
        officialReceipt: recorded
          ? {
              number: officialReceiptNumber(event.patent.office, state.lastOfficialReceiptNumber + 1),
              recordedAt: `${step.date}T14:00:00.000Z`,
            }
          : null,
      });
    }
  }
}

/** A few office-fee corrections on GENERATED invoice lines, grouped per corrected invoice. */
function planRegularizations(
  drafts: readonly InvoiceDraft[],
  anchor: string,
  random: Random,
  share: number,
): { source: InvoiceDraft; lines: InvoiceLineData[] }[] {
  const eligible = drafts
    .filter((draft) => draft.origin === 'GENERATED' && addDays(draft.issueDate, 25) < anchor)
    .flatMap((draft) =>
      draft.lines
        .filter((line) => line.components.some((component) => component.type === 'OFFICE'))
        .map((line) => ({ draft, line })),
    );
  const picked = eligible.filter(() => random.chance(share));
  const first = eligible[0];
  if (picked.length === 0 && first) picked.push(first);
  const bySource = new Map<InvoiceDraft, InvoiceLineData[]>();
  for (const { draft, line } of picked) {
    const office = line.components.find((component) => component.type === 'OFFICE');
    if (!office) continue;
    const sign = random.chance(0.5) ? -1 : 1;
    const delta = scale(new Big(office.amount).times(random.int(2, 8)).div(100).times(sign), line.currency);
    if (new Big(delta).eq(0)) continue;
    const correction = correctionLine(line, { type: 'OFFICE', amount: delta });
    const lines = bySource.get(draft);
    if (lines) lines.push(correction);
    else bySource.set(draft, [correction]);
  }
  return [...bySource.entries()].map(([source, lines]) => ({ source, lines }));
}

/**
 * Which of a patent's events were decided before the anchor, walking its chain in order: the first
 * event left undecided ends the walk (only the earliest undecided event can be decided, spec:
 * Instruction rules), and a DROP ends it too (it deletes the later events).
 */
function planPatentDecisions(patent: PatentRecord, anchor: string, random: Random): PlannedDecision[] {
  const planned: PlannedDecision[] = [];
  for (const event of patent.events) {
    const date = decisionDate(event, anchor, random);
    if (date === null) break;
    const decision = random.weighted<Decision>([
      ['PROCEED', 90],
      ['SKIP_THIS_TIME', 7],
      ['DROP', 3],
    ]);
    planned.push({ event, decision, date });
    if (decision === 'DROP') break;
  }
  return planned;
}

/** When a decision was taken, or null when the event is still undecided at the anchor. */
function decisionDate(event: EventRecord, anchor: string, random: Random): string | null {
  const lastDay = addDays(anchor, -1);
  if (event.opensAt > lastDay) return null;
  const period = duePeriodOf(event, anchor);
  const decidedShare =
    period === 'CURRENT'
      ? 0.3
      : period === 'LATE'
        ? 0.55
        : period === 'GRACE_PERIOD'
          ? 0.55
          : period === 'LAPSED'
            ? 0.96
            : 0;
  if (!random.chance(decidedShare)) return null;
  // Early deciders: part of the open events were decided in the last days (still INSTRUCTED).
  if ((period === 'CURRENT' || period === 'LATE') && random.chance(0.4)) {
    const recent = addDays(anchor, -random.int(1, 2));
    if (recent >= event.opensAt) return recent;
  }
  const beforeDue = minDate(addDays(event.dueDate, -7), lastDay);
  // Some clients decide late, inside the grace period, and pay the surcharge.
  if ((period === 'GRACE_PERIOD' || period === 'LAPSED') && event.gracePeriodEndDate && random.chance(0.08)) {
    const graceEnd = minDate(event.gracePeriodEndDate, lastDay);
    const from = addDays(event.dueDate, 1);
    if (from <= graceEnd) return addDays(from, random.int(0, daysBetween(from, graceEnd)));
  }
  if (beforeDue < event.opensAt) return event.opensAt <= lastDay ? lastDay : null;
  return batchDay(event.opensAt, beforeDue, random);
}

/** Clients send batches on a monthly rhythm: the 5th or the 20th, when one falls in range. */
function batchDay(from: string, to: string, random: Random): string {
  const candidates: string[] = [];
  for (
    let month = from.slice(0, 7);
    month <= to.slice(0, 7);
    month = addMonths(`${month}-01`, 1).slice(0, 7)
  ) {
    for (const day of [5, 20]) {
      const date = formatDate(Number(month.slice(0, 4)), Number(month.slice(5, 7)), day);
      if (date >= from && date <= to) candidates.push(date);
    }
  }
  if (candidates.length === 0) return addDays(from, random.int(0, daysBetween(from, to)));
  return random.pick(candidates);
}
