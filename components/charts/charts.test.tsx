import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { LineChart } from './line-chart';
import { barSummary, categoryTotals, lineSummary } from './model';
import { monthCategories, monthRange } from './months';

/** The chart kit: one currency per chart, words and a table made from the same decimal strings. */
const text = (html: string) => html.replace(/<!-- -->/g, '');
const months = monthCategories(monthRange(['2027-03', '2027-01']), 'en-GB');

describe('chart data in words', () => {
  it('fills the months between the first and the last', () => {
    expect(months.map((month) => [month.key, month.label, month.axisLabel])).toEqual([
      ['2027-01', 'January 2027', 'Jan 27'],
      ['2027-02', 'February 2027', 'Feb 27'],
      ['2027-03', 'March 2027', 'Mar 27'],
    ]);
  });

  it('adds stacks exactly in the currency, JPY without decimals', () => {
    const data = {
      currency: 'JPY',
      categories: months,
      series: [
        { key: 'a', label: 'A', values: ['15001', null, '1'] },
        { key: 'b', label: 'B', values: ['2', null, null] },
      ],
    };
    expect(categoryTotals(data)).toEqual(['15003', null, '1']);
    expect(barSummary(data, 'en-GB', 'Invoiced')).toBe(
      'Invoiced in JPY from January 2027 to March 2027: JP¥15,004 in total. The highest was January 2027 with JP¥15,003. From JP¥15,003 in January 2027 it fell to JP¥1 in March 2027.',
    );
  });

  it('says when there is nothing to show', () => {
    const data = { currency: 'EUR', categories: months, series: [] };
    expect(barSummary(data, 'en-GB')).toBe('Amounts in EUR: none.');
  });

  it('describes each line of a line chart from start to end and peak', () => {
    const data = {
      currency: 'EUR',
      categories: months,
      series: [
        { key: 'budget', label: 'Budget', values: ['1000.00', '2000.00', '3000.00'] },
        { key: 'forecast', label: 'Forecast', values: ['900.00', '2500.00', null] },
      ],
    };
    // German puts a no-break space before the sign; compared here as a plain space.
    expect(lineSummary(data, 'de-DE').replace(/\u00a0/g, ' ')).toBe(
      'Budget in EUR: 1.000,00 € in January 2027, 3.000,00 € in March 2027, highest 3.000,00 € in March 2027. Forecast in EUR: 900,00 € in January 2027, 2.500,00 € in February 2027, highest 2.500,00 € in February 2027.',
    );
  });
});

describe('the charts as the server renders them', () => {
  /** Both charts below are drawn in euros for an en-GB reader. */
  const EUR_EN_GB = { currency: 'EUR', locale: 'en-GB' } as const;
  const rendered = (chart: ReactElement) => text(renderToString(chart));

  it('draws a line chart as a named image with a path per series and a table view', () => {
    const html = rendered(
      <LineChart
        title="Budget against forecast, EUR"
        {...EUR_EN_GB}
        categories={months}
        series={[
          { key: 'budget', label: 'Budget', values: ['1000.00', '2000.00', '3000.00'] },
          { key: 'forecast', label: 'Forecast', values: ['900.00', null, '2500.00'] },
        ]}
      />,
    );
    expect(html).toMatch(
      /<svg role="img" aria-labelledby="[^"]+"[^>]*><title>Budget against forecast, EUR<\/title>/,
    );
    // The forecast has a gap in February: two separate segments ("M" twice), not a line through zero.
    const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(paths).toHaveLength(2);
    expect(paths[1]?.match(/M/g)).toHaveLength(2);
    expect(html).toMatch(/<caption class="[^"]*sr-only[^"]*">Budget against forecast, EUR<\/caption>/);
    expect(html).toMatch(/March 2027<\/th><td[^>]*>€3,000.00<\/td><td[^>]*>€2,500.00<\/td>/);
  });

  it('stacks a credit below the zero line instead of hiding it', () => {
    const html = rendered(
      <BarChart
        title="Invoiced in EUR"
        {...EUR_EN_GB}
        categories={months.slice(0, 1)}
        series={[
          { key: 'OFFICE', label: 'Office fees', values: ['100.00'] },
          { key: 'other', label: 'Other', values: ['-40.00'] },
        ]}
      />,
    );
    const bars = [
      ...html.matchAll(/<rect x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"[^>]*><title>([^<]+)/g),
    ];
    expect(bars.map((bar) => bar[3])).toEqual([
      'January 2027, Office fees: €100.00',
      'January 2027, Other: -€40.00',
    ]);
    const [charge, credit] = bars.map((bar) => ({ top: Number(bar[1]), height: Number(bar[2]) }));
    // The credit starts where the charge ends: at zero.
    expect(credit?.top).toBeCloseTo((charge?.top ?? 0) + (charge?.height ?? 0), 5);
    expect(html).toMatch(
      /January 2027<\/th><td[^>]*>€100.00<\/td><td[^>]*>-€40.00<\/td><td[^>]*>€60.00<\/td>/,
    );
  });
});
