import 'server-only';
import { sumByCurrency } from '../../annuity/money';
import type { ClientRef } from '../../clients/chosen-client';
import { plural } from '../../format/plural';
import { familyReferenceText } from '../../portfolio/family';
import { decimalCell, type ExportValue } from '../../renewals/columns';
import {
  ASKED_DECISION_LABELS,
  ASKED_DECISION_SHORT_LABELS,
  type ReviewHoldView,
} from '../../reviews/review-hold';
import { costToKeepText, FORECAST_BEING_BUILT, type MoneyText } from '../../signals/cost-to-keep';
import { keepSentence } from '../../signals/keep-score';
import type { CostToExpiry, RenewalSignals } from '../../signals/signals';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { toXlsx } from '../files/export-file';
import { type Column, heading, LEFT, note, pdfMoney, renderPdf, table } from '../files/pdf';
import { loadSignals } from '../signals/signals';
import { copyRenewals, listHolds } from './holds';

/**
 * The committee pack: every renewal under review with its signals, keep score and the sentence that
 * explains it, its fee and what keeping it costs per currency to the year the forecast reaches, and
 * the decision asked for. From our own database only (the holds, the copy, the forecast): no
 * upstream call.
 */

interface PackLine {
  hold: ReviewHoldView;
  /** Whose renewal it is (the hold is read from that client's copy alone). */
  client: ClientRef;
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
  /** The lines come from more than one client: each then says whose it is. */
  mixesClients: boolean;
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
  /**
   * The clients of the request (their holds, soonest review-by first as the holds list orders
   * them) and their names, which the lines of a pack of several clients carry.
   */
  scope: { connections: readonly string[]; clients?: readonly ClientRef[] } = {
    connections: [DEFAULT_CONNECTION],
  },
): Promise<CommitteePack> {
  const each = await Promise.all(
    scope.connections.map(async (connection) => {
      const client = scope.clients?.find((known) => known.id === connection) ?? {
        id: connection,
        name: connection,
      };
      return (await holdsWithSignals(connection, now)).map((line) => ({ ...line, client }));
    }),
  );
  const held = each
    .flat()
    .sort(
      (a, b) =>
        a.hold.reviewBy.localeCompare(b.hold.reviewBy) ||
        a.hold.dueDate.localeCompare(b.hold.dueDate) ||
        a.hold.createdAt.localeCompare(b.hold.createdAt),
    );
  const lines = held.map(({ hold, client, signal, renewal }): PackLine => {
    return {
      hold,
      client,
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
  const mixesClients = new Set(lines.map((line) => line.client.id)).size > 1;
  return { generatedAt: now.toISOString(), lines, mixesClients, feeTotals };
}

/**
 * What keeping costs, to the year of the last renewal the forecast counts ("2592.60 USD to keep to
 * 2028", lib/signals/cost-to-keep.ts), or that the client's forecast is being built.
 */
function costText(line: Pick<PackLine, 'costToExpiry' | 'signals'>, money: MoneyText): string {
  if (line.signals?.forecastTo === null) return `Cost to keep ${FORECAST_BEING_BUILT}`;
  return costToKeepText(line.costToExpiry, money);
}

function signalText(signals: RenewalSignals | null): string {
  if (!signals) return '';
  const parts: string[] = [];
  if (signals.term) parts.push(`term to ${signals.term.expiry}${signals.term.extended ? ' (extended)' : ''}`);
  if (signals.family && signals.family.members > 1)
    parts.push(
      `${familyReferenceText(signals.family.reference)}: ${signals.family.kept} of ${signals.family.members} kept`,
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
  'Cost to keep',
  'Keep score',
  'Reasons',
  'Signals',
  'Decision asked for',
  'Owner',
  'Review by',
  'Overdue',
  'Note',
];

/**
 * The pack as rows of cells, header first: fees are decimal cells in their currency's digits. A
 * pack of several clients starts each row with its client's name.
 */
function packTable(pack: CommitteePack): ExportValue[][] {
  const client = (line: PackLine): ExportValue[] => (pack.mixesClients ? [line.client.name] : []);
  return [
    [...(pack.mixesClients ? ['Client'] : []), ...HEADERS],
    ...pack.lines.map((line): ExportValue[] => [
      ...client(line),
      line.hold.caseReference,
      line.hold.office,
      line.hold.eventId,
      line.hold.dueDate,
      line.annuityYear,
      decimalCell(line.fee?.amount, line.fee?.currency),
      line.fee?.currency ?? null,
      costText(line, (amount, currency) => `${amount} ${currency}`),
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

// The decision asked for in its short words ("Undecided", never "Undecided: r…"): the full label
// is in the reasons below the table.
const PDF_COLUMNS: Column[] = [
  { header: 'Case', width: 70 },
  { header: 'Office', width: 34 },
  { header: 'Due', width: 56 },
  { header: 'Fee', width: 76, align: 'right' },
  { header: 'Score', width: 34, align: 'right' },
  { header: 'Asked', width: 56 },
  { header: 'Owner', width: 86 },
  { header: 'Review by', width: 87 },
];

/**
 * The lines by client, in the pack's order of first appearance. A portrait page has no room for a
 * client column wide enough for a client's name beside the eight others (a name is cut to "…" at
 * any width the others leave), so a pack of several clients draws one table per client under the
 * client's name; the XLSX has the Client column.
 */
function byClient(lines: readonly PackLine[]): { client: ClientRef; lines: PackLine[] }[] {
  const groups = new Map<string, { client: ClientRef; lines: PackLine[] }>();
  for (const line of lines) {
    const group = groups.get(line.client.id) ?? { client: line.client, lines: [] };
    group.lines.push(line);
    groups.set(line.client.id, group);
  }
  return [...groups.values()];
}

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
      heading(doc, `${plural(pack.lines.length, 'renewal')} under review`);
      if (pack.lines.length === 0) {
        note(doc, 'No renewal is under review.');
        return;
      }
      const cells = (line: PackLine) => [
        line.hold.caseReference ?? line.hold.eventId,
        line.hold.office ?? '',
        line.hold.dueDate,
        line.fee ? pdfMoney(line.fee.amount, line.fee.currency, locale) : 'no estimate',
        line.score === null ? '' : String(line.score),
        ASKED_DECISION_SHORT_LABELS[line.hold.askedDecision],
        line.hold.owner.name,
        `${line.hold.reviewBy}${line.hold.overdue ? ' (overdue)' : ''}`,
      ];
      if (pack.mixesClients)
        for (const group of byClient(pack.lines)) {
          heading(doc, `${group.client.name}: ${plural(group.lines.length, 'renewal')}`);
          table(doc, PDF_COLUMNS, group.lines.map(cells));
        }
      else table(doc, PDF_COLUMNS, pack.lines.map(cells));
      note(
        doc,
        `Renewal fees per currency: ${pack.feeTotals.map((total) => pdfMoney(total.total, total.currency, locale)).join(' + ') || 'none known'}.`,
      );
      heading(doc, 'Reasons and signals');
      for (const line of pack.lines) {
        const cost = costText(line, (amount, currency) => pdfMoney(amount, currency, locale));
        note(
          doc,
          `${pack.mixesClients ? `${line.client.name}, ` : ''}${line.hold.caseReference ?? line.hold.eventId} (due ${line.hold.dueDate}, score ${line.score ?? '-'}): ${line.sentence}.` +
            `${cost ? ` ${cost.replace(/^./, (first) => first.toUpperCase())}.` : ''}${signalText(line.signals) ? ` Signals: ${signalText(line.signals)}.` : ''}` +
            ` Asked: ${ASKED_DECISION_LABELS[line.hold.askedDecision]}.${line.hold.note ? ` Note: ${line.hold.note}` : ''}`,
        );
      }
    },
    (page, pages) => `Committee pack - page ${page} of ${pages}`,
  );
}
