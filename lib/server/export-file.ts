import 'server-only';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { DecimalCell, ExportValue } from '../renewals/columns';

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

export function toCsv(table: readonly ExportValue[][]): string {
  const rows = table.map((row) => row.map((cell) => (isDecimal(cell) ? cell.decimal : (cell ?? ''))));
  // The byte-order mark makes Excel read UTF-8 (owners and titles carry accents).
  return `\uFEFF${Papa.unparse(rows, { newline: '\r\n' })}`;
}

export async function toXlsx(table: readonly ExportValue[][], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  table.forEach((row, rowIndex) => {
    const added = sheet.addRow(
      row.map((cell) => {
        // The spreadsheet's number is made from the decimal text at this boundary only.
        if (isDecimal(cell)) return Number(cell.decimal);
        return cell;
      }),
    );
    if (rowIndex === 0) added.font = { bold: true };
    row.forEach((cell, columnIndex) => {
      if (isDecimal(cell)) {
        added.getCell(columnIndex + 1).numFmt =
          cell.digits > 0 ? `#,##0.${'0'.repeat(cell.digits)}` : '#,##0';
      }
    });
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
