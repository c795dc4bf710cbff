import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type SpendAnalyticsData, type SurchargeLine, spendAnalyticsOf } from '@/lib/analytics/data';
import { SpendAnalytics } from './spend-tables';

/** The analytics page's grace surcharges as the server renders them, from lines made here. */
const surcharge = (n: number): SurchargeLine => ({
  invoiceId: `inv-${n}`,
  invoiceReference: `INV-${String(n).padStart(4, '0')}`,
  issueDate: '2026-03-02',
  lineIndex: 0,
  patentId: `p-${n}`,
  caseReference: `EP-${n}`,
  providerId: null,
  office: 'EP',
  currency: 'EUR',
  surcharge: '50.00',
  dueDate: '2026-01-31',
  gracePeriodEndDate: '2026-07-31',
  decision: 'PROCEED',
  decidedOn: '2026-02-10',
  cause: 'decided-in-grace',
});

function dataWith(count: number): SpendAnalyticsData {
  return spendAnalyticsOf({
    spend: [],
    surcharges: Array.from({ length: count }, (_, n) => surcharge(n + 1)),
    compared: [],
    varianceNotCompared: 0,
    invoices: count,
    catalogReadAt: '2026-03-02T00:00:00.000Z',
    computedAt: '2026-03-02T00:00:00.000Z',
  });
}

const text = (html: string) => html.replace(/<!-- -->/g, '');
/** The link of the button labelled `label`. */
const linkTo = (html: string, label: string) =>
  new RegExp(`<a href="([^"]*)"[^>]*>${label}<`).exec(html)?.[1]?.replaceAll('&amp;', '&');
const drawnRows = (html: string) => {
  const start = html.indexOf('data-testid="surcharge-lines"');
  const table = html.slice(start, html.indexOf('</table>', start));
  return (table.match(/INV-\d{4}</g) ?? []).length;
};

describe('the grace surcharges', () => {
  it('lists the first 20 of 45 and offers 20 more or all, keeping the client filter', () => {
    const html = text(renderToString(<SpendAnalytics data={dataWith(45)} locale="en-GB" client="pacific" />));
    expect(drawnRows(html)).toBe(20);
    expect(html).toContain('Showing 20 of 45 renewals billed with a grace surcharge.');
    expect(linkTo(html, 'Show 20 more')).toBe('/analytics?client=pacific&surcharges=40#surcharges-heading');
    expect(linkTo(html, 'Show all 45')).toBe('/analytics?client=pacific&surcharges=45#surcharges-heading');
  });

  it('grows on request, and offers nothing more once all are shown', () => {
    const more = text(
      renderToString(<SpendAnalytics data={dataWith(45)} locale="en-GB" surchargesShown={40} />),
    );
    expect(drawnRows(more)).toBe(40);
    expect(linkTo(more, 'Show 5 more')).toBe('/analytics?surcharges=45#surcharges-heading');
    const all = text(
      renderToString(<SpendAnalytics data={dataWith(45)} locale="en-GB" surchargesShown={45} />),
    );
    expect(drawnRows(all)).toBe(45);
    expect(all).toContain('Showing all 45 renewals billed with a grace surcharge.');
    expect(all).not.toContain('more<');
  });
});
