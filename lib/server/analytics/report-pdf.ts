import 'server-only';
import { FEE_KINDS, type FeeKind, SURCHARGE_CAUSE_LABELS } from '../../analytics/spend';
import { formatYearMonth } from '../../format/dates';
import { plural, pluralWord } from '../../format/plural';
import {
  type Doc,
  heading,
  LEFT,
  note,
  pdfMoney,
  pdfNumber,
  pdfSafe,
  renderPdf,
  table,
  tableOrNote,
} from '../files/pdf';
import type { MonthlyReport } from './report';

/**
 * The monthly report as a PDF (pdfkit, its built-in Helvetica: no font file of ours). Amounts are
 * written "1,234.50 EUR" in the viewer's number format with the currency code: the standard PDF
 * fonts lack some currency signs (₩, ₹) and the narrow spaces some locales group digits with.
 */

/** Column headers short enough for one line; the page's tables use the long labels. */
const KIND_HEADERS: Record<FeeKind, string> = {
  OFFICE: 'Office fees',
  AGENT: 'Agent fees',
  SERVICE: 'Service fees',
  GRACE_PERIOD: 'Surcharges',
  other: 'Other',
};

const SHORT_CAUSES: Record<string, string> = {
  'decided-in-grace': 'In grace',
  'decided-before-due': 'By due date',
  'decided-after-grace': 'After grace',
  unknown: 'Not known',
};

/** At most this many surcharge lines are listed; the Excel export has them all. */
const MAX_SURCHARGE_LINES = 60;

function draw(doc: Doc, report: MonthlyReport, locale: string): void {
  const money = (amount: string, currency: string) => pdfMoney(amount, currency, locale);
  const monthName = pdfSafe(formatYearMonth(report.month, locale));

  doc.font('Helvetica-Bold').fontSize(18).text('Renewal spend: monthly report', LEFT);
  doc.font('Helvetica').fontSize(11).text(`Month: ${report.month} (${monthName})`, LEFT);
  note(
    doc,
    `Generated at ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC from the invoice list read at ${report.catalogReadAt
      .slice(0, 16)
      .replace(
        'T',
        ' ',
      )} UTC. Invoices count in the month they were issued. Amounts are per currency and never converted or added across currencies.`,
  );

  heading(doc, `Invoiced in ${report.month} per currency and fee component`);
  tableOrNote(
    doc,
    [
      { header: 'Currency', width: 46 },
      ...FEE_KINDS.map((kind) => ({ header: KIND_HEADERS[kind], width: 64, align: 'right' as const })),
      { header: 'Total', width: 76, align: 'right' },
      { header: 'Lines', width: 37, align: 'right' },
    ],
    report.invoiced,
    (r) => [
      r.currency,
      ...FEE_KINDS.map((kind) => money(r.byKind[kind], r.currency)),
      money(r.total, r.currency),
      String(r.lines),
    ],
    'Nothing was invoiced this month.',
  );

  heading(doc, 'Grace surcharges and their causes');
  if (report.surchargeTotals.length === 0)
    note(doc, 'No invoice line of this month carries a grace surcharge.');
  else {
    table(
      doc,
      [
        { header: 'Currency', width: 50 },
        { header: 'Cause', width: 289 },
        { header: 'Surcharges', width: 110, align: 'right' },
        { header: 'Lines', width: 50, align: 'right' },
      ],
      report.surchargeTotals.map((r) => [
        r.currency,
        SURCHARGE_CAUSE_LABELS[r.cause],
        money(r.amount, r.currency),
        String(r.lines),
      ]),
    );
    table(
      doc,
      [
        { header: 'Invoice', width: 86 },
        { header: 'Case', width: 76 },
        { header: 'Office', width: 34 },
        { header: 'Surcharge', width: 80, align: 'right' },
        { header: 'Due', width: 58 },
        { header: 'Decided', width: 105 },
        { header: 'Cause', width: 60 },
      ],
      report.surcharges
        .slice(0, MAX_SURCHARGE_LINES)
        .map((line) => [
          `${line.invoiceReference} #${line.lineIndex + 1}`,
          line.caseReference ?? line.providerId ?? '-',
          line.office ?? '-',
          money(line.surcharge, line.currency),
          line.dueDate ?? '-',
          line.decision ? `${line.decision} ${line.decidedOn ?? ''}`.trim() : '-',
          SHORT_CAUSES[line.cause] ?? line.cause,
        ]),
    );
    if (report.surcharges.length > MAX_SURCHARGE_LINES)
      note(
        doc,
        `And ${report.surcharges.length - MAX_SURCHARGE_LINES} more lines: the grace surcharges export on the analytics page lists them all.`,
      );
  }

  heading(doc, 'Invoiced against the estimates recorded at decision time');
  note(
    doc,
    'At market rates a difference is mostly exchange-rate movement; at frozen rates only a fee-schedule change can move an amount.',
  );
  tableOrNote(
    doc,
    [
      { header: 'Currency', width: 50 },
      { header: 'Rates', width: 50 },
      { header: 'Invoiced', width: 95, align: 'right' },
      { header: 'Estimated', width: 95, align: 'right' },
      { header: 'Difference', width: 95, align: 'right' },
      { header: '%', width: 60, align: 'right' },
      { header: 'Lines', width: 54, align: 'right' },
    ],
    report.variance,
    (r) => [
      r.currency,
      r.frozen ? 'Frozen' : 'Market',
      money(r.invoiced, r.currency),
      money(r.estimated, r.currency),
      pdfMoney(r.difference, r.currency, locale, true),
      r.percent === null ? '-' : `${pdfNumber(r.percent, 2, locale, true)}%`,
      String(r.lines),
    ],
    'No renewal invoiced this month has a recorded estimate.',
  );

  const { forecast, budget } = report.outlook;
  if (forecast) {
    heading(doc, `Forecast: estimated renewals due ${forecast.from} to ${forecast.to}`);
    tableOrNote(
      doc,
      [
        { header: 'Month', width: 100 },
        { header: 'Currency', width: 80 },
        { header: 'Estimated', width: 200, align: 'right' },
        { header: 'Renewals', width: 119, align: 'right' },
      ],
      forecast.totals,
      (r) => [r.month, r.currency, money(r.total, r.currency), String(r.events)],
      'No forecast is recorded for these months yet (the background worker builds it).',
    );
    if (forecast.withoutEstimate > 0)
      note(
        doc,
        `${plural(forecast.withoutEstimate, 'renewal')} in these months ${pluralWord(forecast.withoutEstimate, 'has', 'have')} no estimate yet and ${pluralWord(forecast.withoutEstimate, 'is', 'are')} not summed.`,
      );
  }
  if (budget) {
    heading(doc, 'Budget against forecast (company-wide budgets)');
    table(
      doc,
      [
        { header: 'Month', width: 100 },
        { header: 'Currency', width: 79 },
        { header: 'Budget', width: 160, align: 'right' },
        { header: 'Forecast', width: 160, align: 'right' },
      ],
      budget.map((r) => [
        r.month,
        r.currency,
        money(r.budget, r.currency),
        r.forecast === null ? '-' : money(r.forecast, r.currency),
      ]),
    );
  }
}

export function renderMonthlyReportPdf(report: MonthlyReport, locale: string): Promise<Buffer> {
  return renderPdf(
    {
      Title: `Renewal spend: monthly report ${report.month}`,
      Subject: 'Invoiced renewals, grace surcharges, estimates and forecast per currency',
    },
    (doc) => draw(doc, report, locale),
    (page, pages) => `Renewal spend ${report.month} - page ${page} of ${pages}`,
  );
}
