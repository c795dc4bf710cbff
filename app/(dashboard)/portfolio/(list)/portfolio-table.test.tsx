import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioQuery } from '@/components/portfolio/portfolio-query';
import { LocaleProvider } from '@/components/shell/locale';
import { PATENT_SORT_FIELDS } from '@/lib/annuity/enums';
import { patentFixture } from '@/lib/annuity/fixtures';
import type { Patent } from '@/lib/annuity/schemas';
import { readUrlValues } from '@/lib/http/url-parsers';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { portfolioParams, portfolioQueryFromParams } from '@/lib/portfolio/url-state';
import { PATENT_SORT_BY_COLUMN } from './columns';
import { PortfolioTable } from './portfolio-table';

// The address the table reads; a string render mounts no router, so the test sets it.
const address = vi.hoisted(() => ({ search: '' }));
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(address.search) }));

// The service's strict shape, as the dashboard reads it.
const patents = [
  patentFixture(),
  patentFixture({
    id: 'b0ffee00-0000-4000-8000-000000000002',
    clientCaseReference: 'P-2020-003 US',
    providerId: 'ACME-0043',
    office: 'US',
    grantDate: null,
    owner: null,
  }),
] as Patent[];

function renderPortfolio(search: string, page: Partial<PortfolioPage> = {}): string {
  address.search = search;
  const query = portfolioQueryFromParams(readUrlValues(portfolioParams, new URLSearchParams(search)));
  const client = new QueryClient();
  client.setQueryData(portfolioQuery(query).queryKey, {
    data: patents,
    pagination: { currentPage: 1, totalPages: 3, totalItems: 60, itemsPerPage: 25, hasMore: true },
    ...page,
  } satisfies PortfolioPage);
  return renderToString(
    <QueryClientProvider client={client}>
      <LocaleProvider locale="en-GB">
        <PortfolioTable />
      </LocaleProvider>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const headers = (html: string) =>
  [...html.matchAll(/<th [^>]*scope="col"[^>]*>(?:<button[^>]*>)?([^<]+)</g)].map((match) => match[1]);
const headerCell = (html: string, name: string) =>
  html.match(new RegExp(`<th [^>]*scope="col"[^>]*>(?:(?!</th>).)*${name}(?:(?!</th>).)*</th>`))?.[0] ?? '';
const cells = (html: string, column: string) =>
  [...html.matchAll(new RegExp(`<td [^>]*data-column="${column}"[^>]*>(.*?)</td>`, 'g'))].map((m) => m[1]);

describe('the portfolio drawn by the table kit', () => {
  beforeEach(() => {
    address.search = '';
  });

  it('shows the columns the menu leaves, in the order of lib/portfolio/columns.ts', () => {
    const html = renderPortfolio('');
    expect(headers(html)).toEqual([
      'Case reference',
      'Provider ID',
      'Title',
      'Office',
      'Type',
      'Status',
      'Filing route',
      'Application date',
      'Grant date',
      'Expiration date',
      'Owner',
    ]);
    expect(headers(renderPortfolio('hide=title&hide=owner'))).not.toContain('Title');
    expect(headers(renderPortfolio('hide=title&hide=owner'))).toContain('Family');
  });

  it('marks each cell with its column, dates in the reader’s format and blanks as a dash', () => {
    const html = renderPortfolio('');
    expect(cells(html, 'providerId')).toEqual(['ACME-0042', 'ACME-0043']);
    expect(cells(html, 'office')).toEqual(['EP', 'US']);
    expect(cells(html, 'grantDate')).toEqual(['1 Jun 2022', '—']);
    expect(cells(html, 'owner')[1]).toContain('—');
    expect(cells(html, 'clientCaseReference')[0]).toContain(`href="/portfolio/${patents[0]?.id}"`);
  });

  it('sorts on the service’s five fields, the address’s sort marked', () => {
    expect([...PATENT_SORT_BY_COLUMN.values()].sort()).toEqual([...PATENT_SORT_FIELDS].sort());
    const html = renderPortfolio('sort=-office');
    expect(headerCell(html, 'Office')).toContain('aria-sort="descending"');
    expect(headerCell(html, 'Status')).toContain('aria-sort="none"');
    expect(headerCell(html, 'Title')).not.toContain('aria-sort');
  });

  it('says its default order: the case reference header marked ascending and the summary naming it', () => {
    const html = renderPortfolio('');
    expect(headerCell(html, 'Case reference')).toContain('aria-sort="ascending"');
    expect(headerCell(html, 'Office')).toContain('aria-sort="none"');
    expect(html).toContain('60 patents, sorted by case reference · page 1 of 3');
    expect(html).toContain('Patents, sorted by case reference, page 1 of 3');
    const byOffice = renderPortfolio('sort=-office');
    expect(headerCell(byOffice, 'Case reference')).toContain('aria-sort="none"');
    expect(byOffice).toContain('60 patents, sorted by office, descending · page 1 of 3');
  });

  it('counts one match in the singular', () => {
    const html = renderPortfolio('q=acme', {
      data: patents.slice(0, 1),
      pagination: { currentPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 25, hasMore: false },
      search: { matches: [{ field: 'providerId', kind: 'exact' }], snapshotAt: null },
    });
    expect(html).toContain('1 matching patent, best match first · page 1 of 1');
  });

  it('during a search, says what matched and has no sort buttons', () => {
    const html = renderPortfolio('q=acme', {
      search: {
        matches: [
          { field: 'providerId', kind: 'exact' },
          { field: null, kind: 'similar' },
        ],
        snapshotAt: null,
      },
    });
    expect(headers(html).slice(0, 2)).toEqual(['Case reference', 'Matched']);
    expect(cells(html, 'match')[0]).toContain('Provider ID: exact');
    expect(html).not.toContain('aria-sort');
    expect(html).toContain('Patents matching “acme”, best match first, page 1 of 3');
  });

  it('names each patent’s client first when the rows name them', () => {
    const html = renderPortfolio('', { clients: ['Acme', 'Globex'] });
    expect(headers(html)[0]).toBe('Client');
    expect(cells(html, 'client')).toEqual(['Acme', 'Globex']);
  });
});
