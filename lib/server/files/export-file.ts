/**
 * `lib/server/files/`: below every feature: `export-file.ts` (CSV and XLSX from rows of cells,
 * formulas defused), `pdf.ts` (what every PDF draws with: pdfkit's Helvetica, money as "1,234.50
 * EUR", headings, notes, tables carrying their header over, page numbers).
 */
import 'server-only';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { DecimalCell, ExportValue } from '../../renewals/columns';

/**
 * CSV and XLSX files from a table of cells (header row first), with the libraries that know the
 * formats' corners: quoting, newlines in cells, and sheets Excel opens without complaint.
 */
export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const isDecimal = (value: ExportValue): value is DecimalCell =>
  typeof value === 'object' && value !== null && 'decimal' in value;

/**
 * A cell a spreadsheet would run as a formula (=, +, @, or - not starting a number): a note typed
 * by a user, or a title from the service, must never execute when a colleague opens the file.
 * Negative amounts stay numbers.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** The byte-order mark makes Excel read UTF-8 (owners, titles and notes carry accents). */
export const CSV_BOM = '\uFEFF';

/** CSV lines for rows of cells (no BOM), quoted by papaparse, formulas defused. */
export function csvLines(rows: readonly ExportValue[][]): string {
  return Papa.unparse(
    rows.map((row) => row.map((cell) => (isDecimal(cell) ? cell.decimal : (cell ?? '')))),
    { newline: '\r\n', escapeFormulae: FORMULA_START },
  );
}

export function toCsv(table: readonly ExportValue[][]): string {
  return `${CSV_BOM}${csvLines(table)}`;
}

/**
 * Appends one row of cells to a sheet. Decimal amounts become number cells with their currency's
 * decimals: the spreadsheet's number is made from the decimal text at this boundary only.
 */
export function addSheetRow(
  sheet: Pick<ExcelJS.Worksheet, 'addRow'>,
  row: readonly ExportValue[],
): ExcelJS.Row {
  const added = sheet.addRow(row.map((cell) => (isDecimal(cell) ? Number(cell.decimal) : cell)));
  row.forEach((cell, index) => {
    if (isDecimal(cell)) {
      added.getCell(index + 1).numFmt = cell.digits > 0 ? `#,##0.${'0'.repeat(cell.digits)}` : '#,##0';
    }
  });
  return added;
}

export async function toXlsx(table: readonly ExportValue[][], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  table.forEach((row, rowIndex) => {
    const added = addSheetRow(sheet, row);
    if (rowIndex === 0) added.font = { bold: true };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file download answer with a safe, quoted filename. */
export function fileResponse(body: string | Buffer, format: ExportFormat, basename: string): Response {
  const filename = `${basename.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': EXPORT_CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/** A table of cells as a file download in the format asked for (the XLSX sheet named `sheetName`). */
export async function tableFile(
  table: readonly ExportValue[][],
  format: ExportFormat,
  basename: string,
  sheetName = basename,
): Promise<Response> {
  return format === 'xlsx'
    ? fileResponse(await toXlsx(table, sheetName), 'xlsx', basename)
    : fileResponse(toCsv(table), 'csv', basename);
}
