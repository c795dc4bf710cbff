'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ClientFilter } from '@/components/clients/client-filter';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { DataTable } from '@/components/data-table/data-table';
import { FacetedFilter } from '@/components/data-table/faceted-filter';
import { PaginationNav } from '@/components/data-table/pagination-nav';
import { RowDetails } from '@/components/data-table/row-details';
import { urlSorting } from '@/components/data-table/url-sorting';
import { useUrlState } from '@/components/data-table/use-url-state';
import { ExportInvoices } from '@/components/invoices/export-invoices';
import { invoiceListQuery } from '@/components/invoices/invoices-query';
import { useLocale } from '@/components/shell/locale';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledControl } from '@/components/ui/labelled-control';
import { SkeletonRows } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { type CurrencyTotal, formatMoney } from '@/lib/annuity/money';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { REVERSED_RANGE } from '@/lib/format/date-range';
import { formatTimestamp } from '@/lib/format/dates';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch, problemBody } from '@/lib/http/api-client';
import { ORIGIN_OPTIONS, RECONCILIATION_LABELS } from '@/lib/invoices/labels';
import type { InvoiceListPage } from '@/lib/invoices/list';
import { RECONCILIATION_STATUSES } from '@/lib/invoices/reconciliation';
import {
  invoiceExportQuery,
  invoiceListApiQuery,
  invoiceParams,
  invoiceQueryFromParams,
} from '@/lib/invoices/url-state';
import { CLIENT_COLUMN_ID, INVOICE_SORT_BY_COLUMN, invoiceColumns, REFERENCE_COLUMN_ID } from './columns';

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
  // Every column but the reference and (when the rows name no client) the client can be hidden.
  const allColumns = useMemo(
    () => invoiceColumns(locale).filter((column) => clients !== null || column.id !== CLIENT_COLUMN_ID),
    [locale, clients],
  );
  const columns = useMemo(
    () => allColumns.filter((column) => !params.hide.includes(column.id)),
    [allColumns, params.hide],
  );
  const sorting = urlSorting(query.sort, INVOICE_SORT_BY_COLUMN, (sort) => void setParams({ sort, page: 1 }));

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
            columns={allColumns.filter((column) => column.id !== REFERENCE_COLUMN_ID)}
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
        <DataTable
          caption={`Invoices, page ${data.page} of ${data.totalPages}`}
          captionHidden
          columns={columns}
          rows={data.rows}
          rowKey={(invoice) => invoice.id}
          rowProps={(invoice) => ({ 'data-invoice-id': invoice.id })}
          rowDetails={{ name: (invoice) => `invoice ${invoice.reference}`, Disclosure: RowDetails }}
          sorting={sorting}
          className="whitespace-nowrap"
        />
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
      <DateField
        id={`${id}-from`}
        label="Issued from"
        value={draft.from}
        onChange={(value) => setDraft({ ...draft, from: value })}
      />
      <DateField
        id={`${id}-to`}
        label="Issued to"
        value={draft.to}
        onChange={(value) => setDraft({ ...draft, to: value })}
        problemId={reversed ? problemId : undefined}
      />
      <SubmitButton
        busy={false}
        size="sm"
        variant="secondary"
        disabled={reversed}
        aria-describedby={reversed ? problemId : undefined}
      >
        Apply dates
      </SubmitButton>
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

/** One end of the range: a labelled date field, marked invalid and described by the problem when there is one. */
function DateField({
  id,
  label,
  value,
  onChange,
  problemId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problemId?: string;
}) {
  return (
    <LabelledControl id={id} label={label} className="gap-1">
      <Input
        type="date"
        className="h-8 w-40"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
      />
    </LabelledControl>
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
