import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx } from './export-file';

const parse = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('exports', () => {
  it('never let a cell run as a formula in a spreadsheet, but keep negative amounts as numbers', () => {
    const csv = toCsv([
      ['note', 'amount'],
      ['=HYPERLINK("http://evil.example","x")', { decimal: '-40.29', digits: 2 }],
      ['@SUM(1)', '-12.50'],
      ['+1+1', '12'],
      ['-cmd|calc', null],
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv)).toEqual([
      ['note', 'amount'],
      ['\'=HYPERLINK("http://evil.example","x")', '-40.29'],
      ["'@SUM(1)", '-12.50'],
      ["'+1+1", '12'],
      ["'-cmd|calc", ''],
    ]);
  });

  it('quotes commas, quotes and line breaks in cells', () => {
    expect(parse(toCsv([['a, b', 'say "hi"', 'two\nlines']]))).toEqual([['a, b', 'say "hi"', 'two\nlines']]);
  });

  it('writes amounts as number cells with the currency’s decimals in XLSX', async () => {
    const buffer = await toXlsx(
      [
        ['Total', 'Currency'],
        [{ decimal: '1234.50', digits: 2 }, 'EUR'],
        [{ decimal: '120000', digits: 0 }, 'JPY'],
      ],
      'Sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet');
    expect(sheet?.getCell('A2').value).toBe(1234.5);
    expect(sheet?.getCell('A2').numFmt).toBe('#,##0.00');
    expect(sheet?.getCell('A3').numFmt).toBe('#,##0');
    expect(sheet?.getCell('B1').font?.bold).toBe(true);
  });
});
