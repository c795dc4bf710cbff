import { decimalCell, type ExportValue } from '@/lib/renewals/columns';
import type { ForecastData, ForecastRow, ForecastTable } from './data';

/**
 * The forecast tables as export rows (header first), the rows the page shows. Amounts stay decimal
 * text with their currency's digits (lib/server/files/export-file.ts); renewals without an
 * estimate are a row of their own with no currency and no amount, never a zero.
 */
const NO_ESTIMATE = 'No estimate';
export const GROUP_LABELS = {
  month: { heading: 'Month', missing: '' },
  office: { heading: 'Office', missing: 'Unknown office' },
  owner: { heading: 'Owner', missing: 'No owner' },
  family: { heading: 'Family', missing: 'No family' },
} as const;

function groupTable(rows: readonly ForecastRow[], by: keyof typeof GROUP_LABELS): ExportValue[][] {
  const labels = GROUP_LABELS[by];
  return [
    [labels.heading, 'Currency', 'Estimated total', 'Renewals'],
    ...rows.map((row) => [
      row.key ?? labels.missing,
      row.currency ?? NO_ESTIMATE,
      decimalCell(row.total, row.currency),
      row.renewals,
    ]),
  ];
}

export function forecastExportRows(data: ForecastData, table: ForecastTable): ExportValue[][] {
  switch (table) {
    case 'month':
      return groupTable(data.byMonth, 'month');
    case 'office':
      return groupTable(data.byOffice, 'office');
    case 'owner':
      return groupTable(data.byOwner, 'owner');
    case 'family':
      return groupTable(data.byFamily, 'family');
    default:
      return [
        [
          'Case reference',
          'Patent id',
          'Office',
          'Owner',
          'Family',
          'Currency',
          'Cost to keep',
          'Renewals',
          'First due',
          'Last due',
          'Renewals without estimate',
        ],
        ...data.patents.map((row) => [
          row.caseReference,
          row.patentId,
          row.office,
          row.owner,
          row.family,
          row.currency,
          decimalCell(row.total, row.currency),
          row.renewals,
          row.firstDue,
          row.lastDue,
          row.noEstimate,
        ]),
      ];
  }
}
