import { decimalCell, type ExportValue } from '@/lib/renewals/columns';
import type { AnalyticsTable, SpendAnalyticsData, SurchargeLine } from './data';
import { FEE_KIND_LABELS, FEE_KINDS, type SpendRow, SURCHARGE_CAUSE_LABELS } from './spend';

/**
 * The analytics tables as export rows (header first), one definition for the CSV and XLSX so the file says
 * what the page says. Amounts stay decimal text with their currency's digits (lib/server/files/export-file.ts).
 */
const UNDATED = 'No issue date';
const UNKNOWN_OFFICE = 'Unknown office';

function spendTable(rows: readonly SpendRow[], first: 'Month' | 'Office'): ExportValue[][] {
  const header = [first, 'Currency', ...FEE_KINDS.map((kind) => FEE_KIND_LABELS[kind]), 'Total', 'Lines'];
  return [
    header,
    ...rows.map((row) => [
      first === 'Month' ? (row.month ?? UNDATED) : (row.office ?? UNKNOWN_OFFICE),
      row.currency,
      ...FEE_KINDS.map((kind) => decimalCell(row.byKind[kind], row.currency)),
      decimalCell(row.total, row.currency),
      row.lines,
    ]),
  ];
}

export function analyticsExportRows(data: SpendAnalyticsData, table: AnalyticsTable): ExportValue[][] {
  switch (table) {
    case 'month':
      return spendTable(data.byMonth, 'Month');
    case 'office':
      return spendTable(data.byOffice, 'Office');
    case 'surcharges': {
      // A "Client" column leads when the rows are labelled (the user works for several clients).
      const labelled = data.surcharges.some((line) => line.client !== undefined);
      const withClient = (line: SurchargeLine, cells: ExportValue[]) =>
        labelled ? [line.client?.name ?? null, ...cells] : cells;
      return [
        [
          ...(labelled ? ['Client'] : []),
          'Invoice',
          'Issue date',
          'Line',
          'Case reference',
          'Office',
          'Currency',
          'Surcharge',
          'Due date',
          'Grace period end',
          'Decision',
          'Decided on',
          'Cause',
        ],
        ...data.surcharges.map((line) =>
          withClient(line, [
            line.invoiceReference,
            line.issueDate,
            line.lineIndex + 1,
            line.caseReference,
            line.office ?? UNKNOWN_OFFICE,
            line.currency,
            decimalCell(line.surcharge, line.currency),
            line.dueDate,
            line.gracePeriodEndDate,
            line.decision,
            line.decidedOn,
            SURCHARGE_CAUSE_LABELS[line.cause],
          ]),
        ),
      ];
    }
    case 'variance':
      return [
        ['Month', 'Currency', 'Rates frozen', 'Invoiced', 'Estimated', 'Difference', 'Percent', 'Lines'],
        ...data.variance.map((row) => [
          row.month ?? UNDATED,
          row.currency,
          row.frozen ? 'yes' : 'no',
          decimalCell(row.invoiced, row.currency),
          decimalCell(row.estimated, row.currency),
          decimalCell(row.difference, row.currency),
          // Two decimals as the page shows them; a number cell in XLSX, the same text in CSV.
          row.percent === null ? null : { decimal: row.percent, digits: 2 },
          row.lines,
        ]),
      ];
    default:
      return [];
  }
}
