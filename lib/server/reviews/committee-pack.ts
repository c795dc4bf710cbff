import 'server-only';
import { sumByCurrency } from '../../annuity/money';
import { decimalCell, type ExportValue } from '../../renewals/columns';
import { ASKED_DECISION_LABELS, type ReviewHoldView } from '../../reviews/review-hold';
import { keepSentence } from '../../signals/keep-score';
import type { CostToExpiry, RenewalSignals } from '../../signals/signals';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { toXlsx } from '../files/export-file';
import { type Column, heading, LEFT, note, pdfMoney, renderPdf, table } from '../files/pdf';
import { loadSignals } from '../signals/signals';
import { copyRenewals, listHolds } from './holds';

/**
 * The committee pack: every renewal under review with its signals, keep score and the sentence that
 * explains it, its fee and what keeping it costs to expiry per currency, and the decision asked for.
 * From our own database only (the holds, the copy, the forecast): no upstream call.
 */

interface PackLine {
  hold: ReviewHoldView;
  annuityYear: number | null;
  fee: { amount: string; currency: string } | null;
  score: number | null;
  sentence: string;
  costToExpiry: CostToExpiry[];
  signals: RenewalSignals | null;
}

export interface CommitteePack {
  generatedAt: string;
  lines: PackLine[];
  /** The renewals' fees per currency (never converted). */
  feeTotals: { currency: string; total: string; count: number }[];
}

/** One client's holds with their signals, read from that client's copy alone (spec: rule 2). */
async function holdsWithSignals(connection: string, now: Date) {
  const holds = await listHolds({ connections: [connection] }, now);
  const [signals, renewals] = await Promise.all([
    loadSignals(
      holds.map((hold) => ({ patentId: hold.patentId, eventId: hold.eventId })),
      { now, connection },
    ),
    copyRenewals(
      holds.map((hold) => hold.eventId),
      [connection],
    ),
  ]);
  return holds.map((hold, position) => ({
    hold,
    signal: signals[position] ?? null,
    renewal: renewals.get(hold.eventId),
  }));
}

export async function loadCommitteePack(
  now = new Date(),
  locale?: string,
  /** The clients of the request: their holds, soonest review-by first as the holds list orders them. */
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<CommitteePack> {
  const each = await Promise.all(connections.map((connection) => holdsWithSignals(connection, now)));
  const held = each
    .flat()
    .sort(
      (a, b) =>
        a.hold.reviewBy.localeCompare(b.hold.reviewBy) ||
        a.hold.dueDate.localeCompare(b.hold.dueDate) ||
        a.hold.createdAt.localeCompare(b.hold.createdAt),
    );
  const lines = held.map(({ hold, signal, renewal }): PackLine => {
    return {
      hold,
      annuityYear: renewal?.renewal?.annuityYear ?? signal?.annuityYear ?? null,
      fee: renewal?.fees?.total ? { amount: renewal.fees.total, currency: renewal.fees.currency } : null,
      score: signal?.keep.score ?? null,
      sentence: signal ? keepSentence(signal, signal.keep, locale) : '',
      costToExpiry: signal?.costToExpiry ?? [],
      signals: signal,
    };
  });
  const feeTotals = sumByCurrency(
    lines.flatMap((line) => (line.fee ? [{ amount: line.fee.amount, currency: line.fee.currency }] : [])),
  ).map(({ currency, total, count }) => ({ currency, total, count }));
  return { generatedAt: now.toISOString(), lines, feeTotals };
}

const costText = (costs: readonly CostToExpiry[]) =>
  costs.map((cost) => `${cost.total} ${cost.currency}`).join(' + ');

function signalText(signals: RenewalSignals | null): string {
  if (!signals) return '';
  const parts: string[] = [];
  if (signals.term) parts.push(`term to ${signals.term.expiry}${signals.term.extended ? ' (extended)' : ''}`);
  if (signals.family && signals.family.members > 1)
    parts.push(
      `family ${signals.family.reference}: ${signals.family.kept} of ${signals.family.members} kept`,
    );
  if (signals.inGrace) parts.push('in grace');
  if (signals.tags.length > 0) parts.push(`tags: ${signals.tags.join(', ')}`);
  return parts.join('; ');
}

const HEADERS = [
  'Case reference',
  'Office',
  'Renewal id',
  'Due date',
  'Annuity year',
  'Renewal fee',
  'Fee currency',
  'Cost to expiry',
  'Keep score',
  'Reasons',
  'Signals',
  'Decision asked for',
  'Owner',
  'Review by',
  'Overdue',
  'Note',
];

/** The pack as rows of cells, header first: fees are decimal cells in their currency's digits. */
function packTable(pack: CommitteePack): ExportValue[][] {
  return [
    HEADERS,
    ...pack.lines.map((line): ExportValue[] => [
      line.hold.caseReference,
      line.hold.office,
      line.hold.eventId,
      line.hold.dueDate,
      line.annuityYear,
      decimalCell(line.fee?.amount, line.fee?.currency),
      line.fee?.currency ?? null,
      costText(line.costToExpiry),
      line.score,
      line.sentence,
      signalText(line.signals),
      ASKED_DECISION_LABELS[line.hold.askedDecision],
      line.hold.owner.name,
      line.hold.reviewBy,
      line.hold.overdue ? 'yes' : 'no',
      line.hold.note,
    ]),
  ];
}

export function committeePackXlsx(pack: CommitteePack): Promise<Buffer> {
  return toXlsx(packTable(pack), 'Under review');
}

const PDF_COLUMNS: Column[] = [
  { header: 'Case', width: 70 },
  { header: 'Office', width: 34 },
  { header: 'Due', width: 56 },
  { header: 'Fee', width: 76, align: 'right' },
  { header: 'Score', width: 34, align: 'right' },
  { header: 'Asked', width: 62 },
  { header: 'Owner', width: 80 },
  { header: 'Review by', width: 87 },
];

export function committeePackPdf(pack: CommitteePack, locale: string): Promise<Buffer> {
  return renderPdf(
    {
      Title: 'Committee pack: renewals under review',
      Subject: 'Renewals under review with their signals, keep score, reasons and the decision asked for',
    },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Committee pack: renewals under review', LEFT);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(
          `As of ${pack.generatedAt.slice(0, 16).replace('T', ' ')} UTC, from our copy of the service.`,
          LEFT,
        );
      heading(doc, `${pack.lines.length} renewal(s) under review`);
      if (pack.lines.length === 0) {
        note(doc, 'No renewal is under review.');
        return;
      }
      table(
        doc,
        PDF_COLUMNS,
        pack.lines.map((line) => [
          line.hold.caseReference ?? line.hold.eventId,
          line.hold.office ?? '',
          line.hold.dueDate,
          line.fee ? pdfMoney(line.fee.amount, line.fee.currency, locale) : 'no estimate',
          line.score === null ? '' : String(line.score),
          ASKED_DECISION_LABELS[line.hold.askedDecision],
          line.hold.owner.name,
          `${line.hold.reviewBy}${line.hold.overdue ? ' (overdue)' : ''}`,
        ]),
      );
      note(
        doc,
        `Renewal fees per currency: ${pack.feeTotals.map((total) => pdfMoney(total.total, total.currency, locale)).join(' + ') || 'none known'}.`,
      );
      heading(doc, 'Reasons and signals');
      for (const line of pack.lines) {
        const cost = line.costToExpiry.map((item) => pdfMoney(item.total, item.currency, locale)).join(' + ');
        note(
          doc,
          `${line.hold.caseReference ?? line.hold.eventId} (due ${line.hold.dueDate}, score ${line.score ?? '-'}): ${line.sentence}.` +
            `${cost ? ` Cost to expiry: ${cost}.` : ''}${signalText(line.signals) ? ` Signals: ${signalText(line.signals)}.` : ''}` +
            ` Asked: ${ASKED_DECISION_LABELS[line.hold.askedDecision]}.${line.hold.note ? ` Note: ${line.hold.note}` : ''}`,
        );
      }
    },
    (page, pages) => `Committee pack - page ${page} of ${pages}`,
  );
}
