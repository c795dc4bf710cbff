import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Big from 'big.js';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SpendAnalytics } from '@/components/analytics/spend-tables';
import { FreezeEstimates } from '@/components/rate-freezes/freeze-estimates';
import { freezeEstimatesQuery } from '@/components/rate-freezes/rate-freezes-query';
import { TotalsComparisonTable } from '@/components/rate-freezes/totals-comparison';
import { LocaleProvider } from '@/components/shell/locale';
import type { SpendAnalyticsData } from '@/lib/analytics/data';
import { spendDataOf } from '@/lib/analytics/testing';
import { estimateMovement, lockedAmounts } from '@/lib/rate-freezes/lock';
import { compareTotals } from '@/lib/rate-freezes/totals';

/** The analytics, forecast and budget views as the server renders them, with the data it hands over. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('the freeze comparison after a freeze', () => {
  const total = (currency: string, amount: string) => ({ currency, total: amount, count: 1, missing: 0 });

  it('says the frozen totals equal the preview instead of a column of "None"', () => {
    const rows = compareTotals([total('GBP', '10.00')], [total('GBP', '10.00')]);
    const html = text(
      renderToString(<LocaleProvider locale="en-GB">{<TotalsComparisonTable rows={rows} />}</LocaleProvider>),
    );
    expect(html).toContain('The frozen totals equal the ones you previewed');
    expect(html).not.toContain('None');
    expect(html).not.toContain('>Change<');
  });

  it('explains and shows the change when something moved', () => {
    const rows = compareTotals([total('GBP', '10.00')], [total('GBP', '12.50')]);
    const html = text(
      renderToString(<LocaleProvider locale="en-GB">{<TotalsComparisonTable rows={rows} />}</LocaleProvider>),
    );
    expect(html).toContain('is the frozen total minus the previewed one');
    expect(html).toContain('>Change<');
    expect(html).toContain('£2.50');
  });
});

describe('what freezing would lock', () => {
  it('shows the invoice-currency totals and the recorded movement per currency', () => {
    const month = '2026-05';
    const client = new QueryClient();
    client.setQueryData(freezeEstimatesQuery(month).queryKey, {
      month,
      locked: lockedAmounts([
        { fees: { currency: 'EUR', total: '300.10', feesStatus: 'ESTIMATED', isFxRateFrozen: false } },
        { fees: { currency: 'JPY', total: '15001', feesStatus: 'ESTIMATED', isFxRateFrozen: false } },
      ]),
      events: 2,
      movement: estimateMovement([
        { day: '2026-03-01', currency: 'JPY', total: '15500', events: 1 },
        { day: '2026-03-02', currency: 'JPY', total: '15001', events: 1 },
      ]),
      upstreamCalls: 1,
      fetchedAt: '2026-03-02T00:00:00.000Z',
    });
    const html = text(
      renderToString(
        <QueryClientProvider client={client}>
          <LocaleProvider locale="en-GB">
            <FreezeEstimates month={month} frozen={false} />
          </LocaleProvider>
        </QueryClientProvider>,
      ),
    );
    expect(html).toContain('What freezing May 2026 would lock');
    expect(html).toContain('€300.10');
    expect(html).toContain('JP¥15,001');
    expect(html).toContain('-JP¥499');
    expect(html).toContain('(-3.22%)');
  });
});

describe('the analytics page', () => {
  it('renders each table with its CSV and XLSX links, totals per currency and "Other" for unknown kinds', () => {
    const lines = [
      {
        month: '2026-03',
        office: 'JP',
        currency: 'JPY',
        total: '12001',
        components: [
          { type: 'OFFICE', amount: '12000' },
          { type: 'NEW_KIND', amount: '1' },
        ],
      },
    ];
    const data = spendDataOf(lines, '2026-03-02T00:00:00.000Z');
    const html = text(renderToString(<SpendAnalytics data={data} locale="en-GB" />));
    for (const table of ['month', 'office', 'surcharges', 'variance']) {
      expect(html).toContain(`/api/analytics/export?table=${table}&amp;format=csv`);
      expect(html).toContain(`/api/analytics/export?table=${table}&amp;format=xlsx`);
    }
    expect(html).toContain('JP¥12,001');
    expect(html).toContain('Other');
    expect(html).toContain('JP¥1<');
    expect(html).toContain('No invoice line carries a grace surcharge.');
  });
});

describe('the spend charts', () => {
  const line = (month: string, currency: string, office: string, amount: string, grace = '0') => ({
    month,
    office,
    currency,
    total: new Big(amount).plus(grace).toFixed(currency === 'JPY' ? 0 : 2),
    components: [
      { type: 'OFFICE', amount },
      ...(grace === '0' ? [] : [{ type: 'GRACE_PERIOD', amount: grace }]),
    ],
  });
  const lines = [
    line('2026-01', 'EUR', 'EP', '100.00'),
    line('2026-03', 'EUR', 'EP', '250.00', '50.00'),
    line('2026-02', 'JPY', 'JP', '15000'),
  ];
  const data = spendDataOf(lines, '2026-04-02T00:00:00.000Z');
  const html = text(renderToString(<SpendAnalytics data={data} locale="en-GB" />));
  const chart = (currency: string) => {
    const start = html.indexOf(`data-testid="invoiced-chart-${currency}"`);
    return html.slice(start, html.indexOf('</figure>', start));
  };

  it('draws one chart per currency, each an image named by its title', () => {
    const eur = chart('EUR');
    const jpy = chart('JPY');
    expect(eur).toContain('Invoiced in EUR by month and fee component');
    expect(eur).toMatch(/<svg role="img" aria-labelledby="[^"]+-title" aria-describedby="[^"]+-summary"/);
    // Never two currencies on one axis: the yen amounts are only in the yen chart.
    expect(eur).not.toContain('JP¥');
    expect(jpy).not.toContain('€');
    expect(jpy).toContain('JP¥15,000');
  });

  it('says total, highest month and trend in a sentence made from the data', () => {
    expect(chart('EUR')).toContain(
      'Invoiced in EUR from January 2026 to March 2026: €400.00 in total. The highest was March 2026 with €300.00. From €100.00 in January 2026 it rose to €300.00 in March 2026.',
    );
  });

  it('shows the same numbers as a table behind a "Show as table" toggle, gaps included', () => {
    const eur = chart('EUR');
    expect(eur).toMatch(/<details[^>]*><summary[^>]*>Show as table/);
    expect(eur).toMatch(/<th [^>]*scope="row"[^>]*>February 2026<\/th>/);
    // February had nothing in EUR: a dash, not a zero nobody billed.
    expect(eur).toMatch(/February 2026<\/th>(<td[^>]*>—<\/td>)+<\/tr>/);
    // Stacked components with a total column: office 250.00 + grace 50.00.
    expect(eur).toMatch(/March 2026<\/th><td[^>]*>€250.00<\/td><td[^>]*>€50.00<\/td><td[^>]*>€300.00<\/td>/);
  });
});

describe('the grace surcharge lines', () => {
  it('name a patent without a case reference by its provider id, as every other page does', () => {
    const data: SpendAnalyticsData = {
      byMonth: [],
      byOffice: [],
      totals: [],
      surcharges: [
        {
          invoiceId: 'inv-1',
          invoiceReference: 'INV-1',
          issueDate: '2026-03-01',
          lineIndex: 0,
          patentId: '0b9f1a52-0000-4000-8000-000000000001',
          caseReference: null,
          providerId: 'US-1234567',
          office: 'US',
          currency: 'USD',
          surcharge: '40.00',
          dueDate: '2026-01-10',
          gracePeriodEndDate: '2026-07-10',
          decision: 'PROCEED',
          decidedOn: '2026-02-01',
          cause: 'decided-in-grace',
        },
      ],
      surchargeTotals: [{ currency: 'USD', cause: 'decided-in-grace', amount: '40.00', lines: 1 }],
      variance: [],
      varianceNotCompared: 0,
      invoices: 1,
      lines: 1,
      catalogReadAt: '2026-03-02T00:00:00.000Z',
      computedAt: '2026-03-02T00:00:00.000Z',
    };
    const html = text(renderToString(<SpendAnalytics data={data} locale="en-GB" />));
    const lines = html.slice(html.indexOf('data-testid="surcharge-lines"'));
    expect(lines).toContain('<td class="px-3 py-2 align-middle">US-1234567</td>');
  });
});
