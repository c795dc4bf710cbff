'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { urlSorting } from '@/components/data-table/url-sorting';
import { useUrlState } from '@/components/data-table/use-url-state';
import { portfolioQuery } from '@/components/portfolio/portfolio-query';
import { useLocale } from '@/components/shell/locale';
import { QueryProblem } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { SkeletonRows } from '@/components/ui/skeleton';
import { plural } from '@/lib/format/plural';
import { DEFAULT_PATENT_SORT, patentSortCaption } from '@/lib/portfolio/columns';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { portfolioParams, portfolioQueryFromParams } from '@/lib/portfolio/url-state';
import {
  CLIENT_COLUMN_ID,
  MATCH_COLUMN_ID,
  PATENT_SORT_BY_COLUMN,
  type PatentRow,
  patentColumns,
} from './columns';

const NO_PATENTS: PatentRow[] = [];

/**
 * The portfolio: pages, sort and the providerId lookup are done by the service (spec: Endpoints
 * 1), so only the five fields it sorts on have sort buttons. A search is answered from
 * the snapshot, ranked by how well each patent matched, so it has no sort buttons and says what
 * matched. Everything lives in the URL. The search and the menus above it are
 * ./portfolio-toolbar.tsx, drawn by the page before the data arrives.
 */
export function PortfolioTable() {
  const [params, setParams] = useUrlState(portfolioParams, { history: 'push' });
  const query = portfolioQueryFromParams(params);
  const result = useQuery({ ...portfolioQuery(query), placeholderData: keepPreviousData });
  const locale = useLocale();
  const searching = Boolean(query.q);
  const page: PortfolioPage | undefined = result.data;
  const labelled = Boolean(page?.clients);
  // The match only during a search and the client only when the rows name it; the others as the
  // column menu leaves them.
  const allColumns = useMemo(() => patentColumns(locale), [locale]);
  const columns = useMemo(
    () =>
      allColumns.filter((column) =>
        column.id === MATCH_COLUMN_ID
          ? searching
          : column.id === CLIENT_COLUMN_ID
            ? labelled
            : !params.hide.includes(column.id),
      ),
    [allColumns, searching, labelled, params.hide],
  );
  const rows = useMemo((): PatentRow[] => {
    if (!page) return NO_PATENTS;
    const matches = page.search?.matches;
    const clients = page.clients;
    return matches || clients
      ? page.data.map((patent, index) => ({ ...patent, match: matches?.[index], client: clients?.[index] }))
      : page.data;
  }, [page]);
  // A search is ranked by how well each patent matched: no sort buttons then. Without a sort in
  // the address the list is in its default order, which its header and summary say.
  const sorting = searching
    ? undefined
    : urlSorting(
        params.sort ?? DEFAULT_PATENT_SORT,
        PATENT_SORT_BY_COLUMN,
        (sort) => void setParams({ sort, page: 1 }),
      );
  const order = searching ? 'best match first' : patentSortCaption(params.sort).toLowerCase();

  const pagination = result.data?.pagination;

  return (
    <div className="flex flex-col gap-4" aria-busy={result.isFetching}>
      {result.error ? (
        <QueryProblem error={result.error} onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <SkeletonRows count={10} />
      ) : result.data.data.length === 0 ? (
        <Alert tone="info">
          <h2>No patents</h2>
          <p>
            {query.q && query.page === 1
              ? `Nothing in the portfolio matches “${query.q}”. Try part of a number, or fewer words.`
              : query.providerId
                ? `No patent has the provider ID “${query.providerId}”. The lookup is an exact match.`
                : query.page > 1
                  ? 'This page is past the end of the portfolio.'
                  : 'The portfolio is empty.'}
          </p>
        </Alert>
      ) : (
        <DataTable
          caption={`${searching ? `Patents matching “${query.q}”` : 'Patents'}, ${order}, page ${pagination?.currentPage} of ${pagination?.totalPages}`}
          captionHidden
          columns={columns}
          rows={rows}
          rowKey={(patent) => patent.id}
          sorting={sorting}
          markColumns
          className="whitespace-nowrap"
        />
      )}

      {pagination ? (
        <PaginationNav
          summary={`${plural(pagination.totalItems, searching ? 'matching patent' : 'patent')}, ${order} · page ${pagination.currentPage} of ${Math.max(1, pagination.totalPages)}`}
          page={pagination.currentPage}
          pageSize={pagination.itemsPerPage}
          hasNext={pagination.hasMore}
          onPage={(page) => void setParams({ page })}
          onPageSize={(size) => void setParams({ size, page: 1 })}
        />
      ) : null}
    </div>
  );
}
