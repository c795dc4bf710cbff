'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useQueryStates } from 'nuqs';
import { useId, useMemo, useState } from 'react';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { type ExportFormat, ExportLinks } from '@/components/data-table/export-links';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { nextSort, type SortState } from '@/components/data-table/sort-button';
import { SortableTableHeader } from '@/components/data-table/sortable-table-header';
import { portfolioQuery } from '@/components/portfolio/portfolio-query';
import { QueryProblem } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SkeletonRows } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import type { Patent } from '@/lib/annuity/schemas';
import { PATENT_COLUMN_IDS, PATENT_COLUMNS, parsePatentSort } from '@/lib/portfolio/columns';
import { portfolioExportQuery, portfolioParams, portfolioQueryFromParams } from '@/lib/portfolio/url-state';
import { patentColumns, patentFeatures } from './columns';

const SORT_BY_COLUMN = new Map(PATENT_COLUMNS.map((column) => [column.id, column.sort]));
const NO_PATENTS: Patent[] = [];

/**
 * The portfolio: pages, sort and the providerId lookup are done by the service (spec: Endpoints
 * 1), so only the five fields it sorts on have sort buttons. Everything lives in the URL.
 */
export function PortfolioTable() {
  const [params, setParams] = useQueryStates(portfolioParams, { history: 'push' });
  const query = portfolioQueryFromParams(params);
  const result = useQuery({ ...portfolioQuery(query), placeholderData: keepPreviousData });
  const columnVisibility = useMemo(
    () => Object.fromEntries(params.hide.map((id) => [id, false])),
    [params.hide],
  );
  const table = useTable({
    features: patentFeatures,
    columns: patentColumns,
    data: result.data?.data ?? NO_PATENTS,
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
  const visibleColumns = PATENT_COLUMN_IDS.filter((id) => !params.hide.includes(id));
  const exportHref = (format: ExportFormat) =>
    `/api/portfolio/export?${portfolioExportQuery({ ...query, format, columns: visibleColumns })}`;

  return (
    <div className="flex flex-col gap-4" aria-busy={result.isFetching}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ProviderLookup
          key={params.providerId ?? ''}
          value={params.providerId}
          onSubmit={(providerId) => void setParams({ providerId: providerId || null, page: 1 })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ColumnVisibilityMenu
            columns={PATENT_COLUMNS}
            hidden={params.hide}
            onChange={(hide) => void setParams({ hide })}
          />
          <ExportLinks href={exportHref} />
        </div>
      </div>

      {result.error ? (
        <QueryProblem error={result.error} onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <SkeletonRows count={10} />
      ) : result.data.data.length === 0 ? (
        <Alert tone="info">
          <h2>No patents</h2>
          <p>
            {query.providerId
              ? `No patent has the provider ID “${query.providerId}”. The lookup is an exact match.`
              : query.page > 1
                ? 'This page is past the end of the portfolio.'
                : 'The portfolio is empty.'}
          </p>
        </Alert>
      ) : (
        <Table>
          <caption className="sr-only">
            Patents, page {pagination?.currentPage} of {pagination?.totalPages}
          </caption>
          <SortableTableHeader
            groups={table.getHeaderGroups()}
            sortState={(columnId) =>
              SORT_BY_COLUMN.get(columnId) !== undefined ? sortState(columnId) : null
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
          summary={`${pagination.totalItems} patents · page ${pagination.currentPage} of ${Math.max(1, pagination.totalPages)}`}
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

function ProviderLookup({ value, onSubmit }: { value: string | null; onSubmit: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  return (
    <form
      aria-label="Look up a patent by provider ID"
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft.trim());
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Provider ID (exact)</Label>
        <Input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="h-8 w-56"
        />
      </div>
      <Button type="submit" size="sm" variant="secondary">
        Look up
      </Button>
      {value ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => onSubmit('')}>
          Show all
        </Button>
      ) : null}
    </form>
  );
}
