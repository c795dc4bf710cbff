import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BudgetComparisonView } from '@/components/analytics/budget-comparison';
import { compareBudget } from '@/lib/analytics/budget';

/** The budget comparison as the server renders it: whole yen, a total row, the variance explained. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

/** The comparison of 2027 as it stands in November 2026. */
const compareIn2027 = (input: Omit<Parameters<typeof compareBudget>[0], 'year' | 'currentMonth'>) =>
  compareBudget({ year: 2027, currentMonth: '2026-11', ...input });

/** The view of a comparison, the page's state on 2027 in JPY unless another currency is chosen. */
const rendered = (
  comparison: ReturnType<typeof compareBudget>,
  { withoutEstimate, currency = 'JPY' }: { withoutEstimate: number; currency?: string },
) =>
  text(
    renderToString(
      <BudgetComparisonView
        comparison={comparison}
        state={{ year: 2027, currency, office: '', family: '', edit: null, client: null }}
        withoutEstimate={withoutEstimate}
        locale="en-GB"
      />,
    ),
  );

describe('the budget comparison view', () => {
  it('shows a JPY budget in whole yen with its total row and the variance explained', () => {
    const comparison = compareIn2027({
      currency: 'JPY',
      budget: { amount: '1200000', currency: 'JPY', months: null },
      forecast: [{ month: '2027-01', currency: 'JPY', total: '150000' }],
      droppedOrSkipped: [{ month: '2027-02', currency: 'JPY', total: '30000' }],
      actual: [],
      variance: [],
    });
    const html = rendered(comparison, { withoutEstimate: 2 });
    expect(html).toContain('Total 2027');
    expect(html).toContain('¥100,000');
    expect(html).toContain('¥150,000');
    // Amounts in the table in whole yen (the chart's axis may abbreviate, e.g. ¥1.2M).
    expect(html.split('data-testid="budget-comparison"')[1]).not.toMatch(/¥[\d,]+\.\d/);
    expect(html).toContain('Variance explained');
    expect(html).toContain('under budget');
    expect(html).toContain('2 renewals of 2027 have no estimate');
    expect(html).toContain('format=xlsx');
    // The picture: budget against expected spend, cumulative, as one named image with its table.
    expect(html).toContain('role="img"');
    expect(html).toContain('Budget and expected spend in JPY, 2027, cumulative');
    expect(html).toContain('¥1,200,000');
  });

  it('says so when there is no budget, and explains no variance', () => {
    const comparison = compareIn2027({
      currency: 'JPY',
      budget: null,
      forecast: [],
      droppedOrSkipped: [],
      actual: null,
      variance: null,
    });
    const html = rendered(comparison, { withoutEstimate: 0 });
    expect(html).toContain('No budget for 2027 in JPY');
    expect(html).not.toContain('Variance explained');
  });

  it('says no forecast has been built instead of showing a forecast of zero', () => {
    const comparison = compareIn2027({
      currency: 'EUR',
      budget: { amount: '12000.00', currency: 'EUR', months: null },
      forecast: [],
      droppedOrSkipped: [],
      actual: [],
      variance: [],
      forecastMonths: null,
    });
    expect(comparison.rows.every((row) => row.forecast === null)).toBe(true);
    expect(comparison.totals.forecast).toBeNull();
    const html = rendered(comparison, { withoutEstimate: 0, currency: 'EUR' });
    expect(html).toContain('No forecast has been built yet');
    const table = html.split('data-testid="budget-comparison"')[1] ?? '';
    const forecastCells = [...table.matchAll(/<tr[^>]*>(?:(?!<\/tr>).)*<\/tr>/gs)]
      .map((row) => [...row[0].matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]))
      .filter((cells) => cells.length >= 3)
      .map((cells) => cells[2]);
    expect(forecastCells.length).toBe(13);
    expect(forecastCells.every((cell) => cell === '—')).toBe(true);
  });

  it('says where the forecast ends when it stops before the year does', () => {
    const comparison = compareIn2027({
      currency: 'EUR',
      budget: null,
      forecast: [{ month: '2027-01', currency: 'EUR', total: '10.00' }],
      droppedOrSkipped: [],
      actual: [],
      variance: [],
      forecastMonths: { from: '2026-11', to: '2027-06' },
    });
    expect(comparison.rows.map((row) => row.forecast)).toEqual([
      '10.00',
      ...Array(5).fill('0.00'),
      ...Array(6).fill(null),
    ]);
    const html = rendered(comparison, { withoutEstimate: 0 });
    expect(html).toContain('The forecast reaches June 2027: later months have no forecast yet.');
  });
});
