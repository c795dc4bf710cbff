'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { ClientFilter } from '@/components/clients/client-filter';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { FacetedFilter } from '@/components/data-table/faceted-filter';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { priorityClass } from '@/components/data-table/priority';
import { nextSort, type SortState } from '@/components/data-table/sort-button';
import { SortableTableHeader } from '@/components/data-table/sortable-table-header';
import { useUrlState } from '@/components/data-table/use-url-state';
import { ExportInvoices } from '@/components/invoices/export-invoices';
import { invoiceListQuery } from '@/components/invoices/invoices-query';
import { useLocale } from '@/components/shell/locale';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SkeletonRows } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { type CurrencyTotal, formatMoney } from '@/lib/annuity/money';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { REVERSED_RANGE } from '@/lib/format/date-range';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch, problemBody } from '@/lib/http/api-client';
import { ORIGIN_OPTIONS, RECONCILIATION_LABELS } from '@/lib/invoices/labels';
import type { InvoiceListPage, InvoiceListRow } from '@/lib/invoices/list';
import { RECONCILIATION_STATUSES } from '@/lib/invoices/reconciliation';
import {
  type InvoiceSort,
  invoiceExportQuery,
  invoiceListApiQuery,
  invoiceParams,
  invoiceQueryFromParams,
} from '@/lib/invoices/url-state';
import { INVOICE_COLUMNS, invoiceColumns, invoiceFeatures, LOW_PRIORITY_INVOICE_COLUMNS } from './columns';

const NO_ROWS: InvoiceListRow[] = [];
const SORTABLE: Record<string, 'issueDate' | 'reference'> = {
  issueDate: 'issueDate',
  reference: 'reference',
};
const STATUS_OPTIONS = RECONCILIATION_STATUSES.map((value) => ({
  value,
  label: RECONCILIATION_LABELS[value].label,
}));

/**
 * The invoice list. The service pages invoices without filters (spec: Endpoints 11), so the
 * dashboard reads them all (lib/server/invoices/catalog.ts) and filters, sorts and pages them
 * itself; every choice lives in the URL.
 */
export function InvoicesTable({ clients }: { clients: readonly ClientRef[] | null }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params, setParams] = useUrlState(invoiceParams, { history: 'push' });
  const query = invoiceQueryFromParams(params);
  const result = useQuery({ ...invoiceListQuery(query), placeholderData: keepPreviousData });
  const columnVisibility = useMemo(
    () => ({
      ...Object.fromEntries(params.hide.map((id) => [id, false])),
      ...(clients ? {} : { client: false }),
    }),
    [params.hide, clients],
  );
  const table = useTable({
    features: invoiceFeatures,
    columns: invoiceColumns,
    data: result.data?.rows ?? NO_ROWS,
    getRowId: (row) => row.id,
    state: { columnVisibility },
  });

  const sortState = (columnId: string): SortState => {
    const field = SORTABLE[columnId];
    if (!field || !query.sort.endsWith(field)) return false;
    return query.sort.startsWith('-') ? 'desc' : 'asc';
  };
  const toggleSort = (columnId: string) => {
    const field = SORTABLE[columnId];
    if (!field) return;
    const next = nextSort(sortState(columnId));
    void setParams({
      sort: next === false ? null : ((next === 'desc' ? `-${field}` : field) as InvoiceSort),
      page: 1,
    });
  };

  // Reads the whole list from the service again (at most every few seconds, server-side).
  const reload = useApiMutation({
    mutationFn: () =>
      apiFetch<InvoiceListPage>(`/api/invoices?${invoiceListApiQuery({ ...query, fresh: '1' })}`),
    failure: 'The invoices could not be read again.',
    onSuccess: async (data) => {
      queryClient.setQueryData(invoiceListQuery(query).queryKey, data);
      await queryClient.invalidateQueries({ queryKey: ['invoices', 'list'], refetchType: 'none' });
    },
  });
  const reloading = reload.isPending;

  const data = result.data;
  const error = reload.error ?? result.error;
  const filtered =
    query.origin.length + query.status.length > 0 || Boolean(query.from || query.to || query.client);

  return (
    <div className="flex flex-col gap-4" aria-busy={result.isFetching || reloading}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-2">
          {clients ? <ClientFilter clients={clients} /> : null}
          <FacetedFilter
            title="Origin"
            options={ORIGIN_OPTIONS}
            selected={query.origin}
            onChange={(origin) => void setParams({ origin, page: 1 })}
          />
          <FacetedFilter
            title="Reconciliation"
            options={STATUS_OPTIONS}
            selected={query.status}
            onChange={(status) => void setParams({ status: status as typeof query.status, page: 1 })}
          />
          <IssueDateRange
            key={`${query.from ?? ''}/${query.to ?? ''}`}
            from={query.from ?? ''}
            to={query.to ?? ''}
            onApply={(from, to) => void setParams({ from: from || null, to: to || null, page: 1 })}
          />
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ColumnVisibilityMenu
            columns={INVOICE_COLUMNS.filter(
              (column) => column.id !== 'reference' && (clients !== null || column.id !== 'client'),
            )}
            hidden={params.hide}
            onChange={(hide) => void setParams({ hide })}
          />
          <Button
            variant="outline"
            size="sm"
            className="h-8"
            disabled={reloading}
            onClick={() => reload.mutate()}
          >
            {reloading ? 'Reloading…' : 'Reload from the service'}
          </Button>
          <ExportInvoices
            scope={invoiceExportQuery(query)}
            what={filtered ? 'the invoices selected' : 'every invoice'}
          />
        </div>
      </div>

      {error ? (
        <ProblemPanel
          problem={problemBody(error)}
          action={
            <Button variant="outline" size="sm" onClick={() => void result.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
      {!data ? (
        error ? null : (
          <SkeletonRows count={10} />
        )
      ) : data.rows.length === 0 ? (
        <Alert tone="info">
          <h2>No invoices</h2>
          <p>
            {filtered
              ? 'No invoice matches these filters.'
              : query.page > 1
                ? 'This page is past the end of the list.'
                : 'The service lists no invoices for your organisation yet.'}
          </p>
        </Alert>
      ) : (
        <Table>
          <caption className="sr-only">
            Invoices, page {data.page} of {data.totalPages}
          </caption>
          <SortableTableHeader
            groups={table.getHeaderGroups()}
            sortState={(columnId) => (SORTABLE[columnId] !== undefined ? sortState(columnId) : null)}
            onToggle={toggleSort}
            renderHeader={(header) => <table.FlexRender header={header} />}
            lowPriority={LOW_PRIORITY_INVOICE_COLUMNS}
          />
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-invoice-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={cn(
                      'whitespace-nowrap',
                      priorityClass(cell.column.id, LOW_PRIORITY_INVOICE_COLUMNS),
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {data ? (
        <>
          <SelectionTotals subtotal={data.totals.subtotal} total={data.totals.total} locale={locale} />
          <PaginationNav
            summary={`${data.totalItems} invoice${data.totalItems === 1 ? '' : 's'} · page ${data.page} of ${data.totalPages} · read from the service ${formatTimestamp(data.readAt, locale)}`}
            page={data.page}
            pageSize={data.size}
            hasNext={data.page < data.totalPages}
            onPage={(page) => void setParams({ page })}
            onPageSize={(size) => void setParams({ size, page: 1 })}
          />
        </>
      ) : null}
    </div>
  );
}

/** The issue-date range: applied on submit, so typing a date does not reload the list per key. */
function IssueDateRange({
  from,
  to,
  onApply,
}: {
  from: string;
  to: string;
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState({ from, to });
  // Either end may be left open here; only an end before the start is refused, and said why.
  const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
  const problemId = `${id}-problem`;
  return (
    <form
      // Wraps on a phone: two date fields and the button are wider than a 390 px screen.
      className="flex flex-wrap items-end gap-2"
      aria-label="Issue date range"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reversed) onApply(draft.from, draft.to);
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-from`}>Issued from</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="h-8 w-40"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-to`}>Issued to</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="h-8 w-40"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? problemId : undefined}
        />
      </div>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={reversed}
        aria-describedby={reversed ? problemId : undefined}
      >
        Apply dates
      </Button>
      {from || to ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => onApply('', '')}>
          All dates
        </Button>
      ) : null}
      {reversed ? (
        <p id={problemId} role="status" className="w-full text-sm text-destructive">
          {REVERSED_RANGE}
        </p>
      ) : null}
    </form>
  );
}

/** Totals of every invoice selected (all pages), per currency: amounts of two currencies never add. */
function SelectionTotals({
  subtotal,
  total,
  locale,
}: {
  subtotal: readonly CurrencyTotal[];
  total: readonly CurrencyTotal[];
  locale: string;
}) {
  if (total.length === 0) return null;
  return (
    <section aria-label="Totals of the invoices selected" className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      {total.map((entry) => {
        const sub = subtotal.find((candidate) => candidate.currency === entry.currency);
        return (
          <p key={entry.currency}>
            <span className="font-medium">{entry.currency}</span>: subtotal{' '}
            <span className="font-mono tabular-nums">
              {sub ? formatMoney(sub.total, entry.currency, locale) : '—'}
            </span>
            , total{' '}
            <span className="font-mono tabular-nums">{formatMoney(entry.total, entry.currency, locale)}</span>
            {entry.missing > 0 ? ` (${entry.missing} without a total)` : ''}
          </p>
        );
      })}
    </section>
  );
}
