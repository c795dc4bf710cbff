import 'server-only';
import PDFDocument from 'pdfkit';
import { minorUnits } from '../../annuity/money';

/**
 * What every PDF of ours draws with (pdfkit, its built-in Helvetica: no font file of ours): text the
 * standard fonts can draw, money as "1,234.50 EUR", headings, notes and tables whose header carries
 * over to the next page. Amounts are written with the currency code: the standard PDF fonts lack
 * some currency signs (₩, ₹) and the narrow spaces some locales group digits with.
 */
export type Doc = InstanceType<typeof PDFDocument>;

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: locale spaces become plain ones, anything else unknown a "?". */
export function pdfSafe(text: string): string {
  return [...text.replace(/[\u00a0\u2007\u2009\u202f]/g, ' ').replace(/\u2212/g, '-')]
    .map((char) => ((char.codePointAt(0) ?? 0) <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : '?'))
    .join('');
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A decimal string in the locale's digits and separators, formatted exactly (no float). */
export function pdfNumber(amount: string, digits: number, locale: string, signed = false): string {
  const key = `${locale}|${digits}|${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    numberFormats.set(key, format);
  }
  return pdfSafe(format.format(amount as unknown as number));
}

/** "1,234.50 EUR": the number in the viewer's format with the currency's digits, then its code. */
export function pdfMoney(amount: string, currency: string, locale: string, signed = false): string {
  return `${pdfNumber(amount, minorUnits(currency), locale, signed)} ${currency}`;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export const LEFT = 48;
const FONT_SIZE = 8;
const ROW = 13;

function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

export function heading(doc: Doc, text: string): void {
  if (doc.y + 60 > bottomOf(doc)) doc.addPage();
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(pdfSafe(text), LEFT);
  doc.moveDown(0.3);
}

export function note(doc: Doc, text: string): void {
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(pdfSafe(text), LEFT, doc.y, { width: 499 });
  doc.fillColor('#000000').moveDown(0.3);
}

/** The cell's text cut with "…" to its column, so a long reference never wraps over the next row. */
function fitToWidth(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function row(doc: Doc, columns: readonly Column[], cells: readonly string[], bold: boolean): void {
  const y = doc.y;
  let x = LEFT;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  columns.forEach((column, index) => {
    doc.text(fitToWidth(doc, pdfSafe(cells[index] ?? ''), column.width - 8), x + 4, y + 3, {
      width: column.width - 8,
      align: column.align ?? 'left',
      lineBreak: false,
    });
    x += column.width;
  });
  doc
    .moveTo(LEFT, y + ROW)
    .lineTo(x, y + ROW)
    .lineWidth(0.5)
    .strokeColor(bold ? '#666666' : '#dddddd')
    .stroke();
  doc.x = LEFT;
  doc.y = y + ROW;
}

/** A table that carries its header over to the next page. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const header = columns.map((column) => column.header);
  row(doc, columns, header, true);
  for (const cells of rows) {
    if (doc.y + ROW > bottomOf(doc)) {
      doc.addPage();
      row(doc, columns, header, true);
    }
    row(doc, columns, cells, false);
  }
  doc.moveDown(0.5);
}

/** A table of `rows`, each made into cells by `cells`; where there is no row, `empty` as a note. */
export function tableOrNote<Row>(
  doc: Doc,
  columns: readonly Column[],
  rows: readonly Row[],
  cells: (row: Row) => readonly string[],
  empty: string,
): void {
  if (rows.length === 0) note(doc, empty);
  else table(doc, columns, rows.map(cells));
}

/** A PDF drawn by `draw`, with page numbers (bufferPages) and its document info. */
export function renderPdf(
  info: { Title: string; Subject: string },
  draw: (doc: Doc) => void,
  footer: (page: number, pages: number) => string,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: LEFT,
      bufferPages: true,
      info: { ...info, Creator: 'Annuity Console' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#666666')
        .text(footer(index + 1, range.count), LEFT, doc.page.height - 30, {
          width: 499,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}
