'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { nextSort, type SortState } from '@/components/data-table/sort-button';
import { SortableTableHeader } from '@/components/data-table/sortable-table-header';
import { useUrlState } from '@/components/data-table/use-url-state';
import { portfolioQuery } from '@/components/portfolio/portfolio-query';
import { QueryProblem } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { SkeletonRows } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { PATENT_COLUMNS, parsePatentSort } from '@/lib/portfolio/columns';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { portfolioParams, portfolioQueryFromParams } from '@/lib/portfolio/url-state';
import { CLIENT_COLUMN_ID, MATCH_COLUMN_ID, type PatentRow, patentColumns, patentFeatures } from './columns';

const SORT_BY_COLUMN = new Map(PATENT_COLUMNS.map((column) => [column.id, column.sort]));
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
  const searching = Boolean(query.q);
  const page: PortfolioPage | undefined = result.data;
  const labelled = Boolean(page?.clients);
  const columnVisibility = useMemo(
    () => ({
      ...Object.fromEntries(params.hide.map((id) => [id, false])),
      [MATCH_COLUMN_ID]: searching,
      [CLIENT_COLUMN_ID]: labelled,
    }),
    [params.hide, searching, labelled],
  );
  const rows = useMemo((): PatentRow[] => {
    if (!page) return NO_PATENTS;
    const matches = page.search?.matches;
    const clients = page.clients;
    return matches || clients
      ? page.data.map((patent, index) => ({ ...patent, match: matches?.[index], client: clients?.[index] }))
      : page.data;
  }, [page]);
  const table = useTable({
    features: patentFeatures,
    columns: patentColumns,
    data: rows,
    getRowId: (patent) => patent.id,
    state: { columnVisibility },
  });
  const sort = parsePatentSort(params.sort);
  const sortState = (columnId: string): SortState => {
    const field = SORT_BY_COLUMN.get(columnId);
    return sort && field === sort.field ? (sort.desc ? 'desc' : 'asc') : false;
  };
  const toggleSort = (columnId: string) => {
    const field = SORT_BY_COLUMN.get(columnId);
    if (!field) return;
    const next = nextSort(sortState(columnId));
    void setParams({ sort: next === false ? null : next === 'desc' ? `-${field}` : field, page: 1 });
  };

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
        <Table>
          <caption className="sr-only">
            {searching ? `Patents matching “${query.q}”, best match first` : 'Patents'}, page{' '}
            {pagination?.currentPage} of {pagination?.totalPages}
          </caption>
          <SortableTableHeader
            groups={table.getHeaderGroups()}
            sortState={(columnId) =>
              !searching && SORT_BY_COLUMN.get(columnId) !== undefined ? sortState(columnId) : null
            }
            onToggle={toggleSort}
            renderHeader={(header) => <table.FlexRender header={header} />}
          />
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} data-column={cell.column.id} className="whitespace-nowrap">
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {pagination ? (
        <PaginationNav
          summary={`${pagination.totalItems} ${searching ? 'matching patents' : 'patents'} · page ${pagination.currentPage} of ${Math.max(1, pagination.totalPages)}`}
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
