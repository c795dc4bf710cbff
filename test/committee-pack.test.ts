import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReviewHoldView } from '@/lib/reviews/review-hold';
import { type CommitteePack, committeePackPdf, committeePackXlsx } from '@/lib/server/reviews/committee-pack';
import type { RenewalSignals } from '@/lib/signals/signals';
import { pdfText } from '@/sandbox/tests/pdf-text';

/** The pack as the route draws it, from lines made here (its reading of the copy is tested in test/review-holds). */
const hold = (n: number, over: Partial<ReviewHoldView> = {}): ReviewHoldView => ({
  id: `h-${n}`,
  eventId: `e-${n}`,
  patentId: `p-${n}`,
  dueDate: '2027-03-31',
  owner: { userId: 'u-1', name: 'Mia Manager', email: 'mia@example.test' },
  reviewBy: '2027-02-15',
  askedDecision: 'undecided',
  note: null,
  createdByEmail: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  endedAt: null,
  endedHow: null,
  overdue: false,
  caseReference: `R-${n}`,
  office: 'DE',
  ...over,
});

const EUROPE = { id: 'default', name: 'Demo portfolio (Europe)' };
const PACIFIC = { id: 'pacific', name: 'Pacific Rim Instruments' };

function packOf(lines: { client: typeof EUROPE; hold: ReviewHoldView }[]): CommitteePack {
  return {
    generatedAt: '2026-12-07T09:00:00.000Z',
    lines: lines.map(({ client, hold }) => ({
      hold,
      client,
      annuityYear: 9,
      fee: { amount: '520.00', currency: 'EUR' },
      score: 12,
      sentence: 'No sales in the country',
      costToExpiry: [],
      signals: null,
    })),
    mixesClients: new Set(lines.map((line) => line.client.id)).size > 1,
    feeTotals: [{ currency: 'EUR', total: '520.00', count: lines.length }],
  };
}

async function xlsxRows(pack: CommitteePack): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await committeePackXlsx(pack)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  return (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((row) => row.slice(1));
}

describe('the committee pack', () => {
  it('writes the decision asked for whole in the PDF table, never cut to "Undecided: r…"', async () => {
    const text = pdfText(await committeePackPdf(packOf([{ client: EUROPE, hold: hold(1) }]), 'en-GB'));
    const tableLine = text.split('\n').find((line) => line.startsWith('Undecided'));
    expect(tableLine).toBe('Undecided');
    expect(text).not.toMatch(/Undecided: r\u0085/);
    // The full words stay in the reasons below the table.
    expect(text).toContain('Asked: Undecided: recommend one.');
    expect(text).toContain('1 renewal under review');
  });

  it('names a family by its reference in words: "family reference FAM-00360", not "family FAM-00360"', async () => {
    const pack = packOf([{ client: EUROPE, hold: hold(1) }]);
    const [line] = pack.lines;
    if (line)
      line.signals = {
        term: null,
        family: { reference: 'FAM-00360', members: 3, kept: 2, offices: [] },
        inGrace: false,
        tags: [],
      } as unknown as RenewalSignals;
    const rows = await xlsxRows(pack);
    const signals = rows[0]?.indexOf('Signals') ?? -1;
    expect(rows[1]?.[signals]).toBe('family reference FAM-00360: 2 of 3 kept');
  });

  it('says whose each renewal is when the pack mixes clients, and not when it has one', async () => {
    const mixed = packOf([
      { client: EUROPE, hold: hold(1) },
      { client: PACIFIC, hold: hold(2, { askedDecision: 'keep' }) },
      { client: EUROPE, hold: hold(3) },
    ]);
    const rows = await xlsxRows(mixed);
    expect(rows[0]?.[0]).toBe('Client');
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      [EUROPE.name, 'R-1'],
      [PACIFIC.name, 'R-2'],
      [EUROPE.name, 'R-3'],
    ]);
    const text = pdfText(await committeePackPdf(mixed, 'en-GB'));
    expect(text).toContain(`${EUROPE.name}: 2 renewals`);
    expect(text).toContain(`${PACIFIC.name}: 1 renewal`);
    expect(text).toContain(`${PACIFIC.name}, R-2 (due 2027-03-31`);

    const single = packOf([{ client: EUROPE, hold: hold(1) }]);
    expect((await xlsxRows(single))[0]?.[0]).toBe('Case reference');
    expect(pdfText(await committeePackPdf(single, 'en-GB'))).not.toContain(EUROPE.name);
  });

  it('labels the cost to keep with the year its sum reaches, or says the forecast is being built', async () => {
    const base = packOf([
      { client: EUROPE, hold: hold(1) },
      { client: EUROPE, hold: hold(2) },
    ]);
    const [priced, building] = base.lines as [CommitteePack['lines'][number], CommitteePack['lines'][number]];
    const pack: CommitteePack = {
      ...base,
      lines: [
        {
          ...priced,
          costToExpiry: [{ currency: 'USD', total: '2592.60', renewals: 2, lastDue: '2028-06-30' }],
        },
        {
          ...building,
          signals: {
            forecastTo: null,
            term: null,
            family: null,
            inGrace: false,
            tags: [],
          } as unknown as RenewalSignals,
        },
      ],
    };
    const rows = await xlsxRows(pack);
    const column = rows[0]?.indexOf('Cost to keep') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(rows[1]?.[column]).toBe('2592.60 USD to keep to 2028');
    expect(rows[2]?.[column]).toBe('Cost to keep not known yet: the forecast is being built');
    const text = pdfText(await committeePackPdf(pack, 'en-GB')).replace(/\s+/g, ' ');
    expect(text).not.toContain('Cost to expiry');
    expect(text).toMatch(/2,592\.60 USD to keep to 2028\./);
    expect(text).toContain('Cost to keep not known yet: the forecast is being built.');
  });
});
