'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ExportInvoices } from '@/components/invoices/export-invoices';
import { InvoiceChecks } from '@/components/invoices/invoice-checks';
import { InvoiceFields } from '@/components/invoices/invoice-fields';
import { InvoiceLinesTable } from '@/components/invoices/invoice-lines-table';
import { invoiceDetailQuery, invoiceMarksQuery } from '@/components/invoices/invoices-query';
import { ReconciliationPanel } from '@/components/invoices/reconciliation-panel';
import { OriginBadge, ReconciliationBadge } from '@/components/invoices/status-badges';
import { useLocale } from '@/components/shell/locale';
import { PageHeader } from '@/components/shell/page-header';
import { PageSection } from '@/components/shell/page-section';
import { QueryProblem } from '@/components/shell/query-problem';
import { TitledCard } from '@/components/ui/card';
import { SkeletonRows } from '@/components/ui/skeleton';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { invoiceNumberText } from '@/lib/invoices/labels';
import { reconciliationStatus } from '@/lib/invoices/reconciliation';
import { invoiceExportQuery } from '@/lib/invoices/url-state';

/**
 * One invoice as finance reconciles it. The checks come with the invoice (computed on the server,
 * lib/invoices/checks.ts); the marks are polled on their own so another finance user's marks
 * appear without re-running the checks.
 */
export function InvoiceDetail({
  invoiceId,
  canMark,
  canExport,
}: {
  invoiceId: string;
  canMark: boolean;
  canExport: boolean;
}) {
  const locale = useLocale();
  const detailQuery = useQuery(invoiceDetailQuery(invoiceId));
  const marksQuery = useQuery(invoiceMarksQuery(invoiceId));
  const marks = useMemo(
    () => new Map((marksQuery.data?.marks ?? []).map((mark) => [mark.lineKey, mark])),
    [marksQuery.data],
  );
  const detail = detailQuery.data;
  if (!detail) {
    return detailQuery.error ? (
      <QueryProblem error={detailQuery.error} onRetry={() => void detailQuery.refetch()} />
    ) : (
      <SkeletonRows count={8} />
    );
  }
  const { invoice } = detail;
  const keys = detail.lines.map((line) => line.lineKey);
  const status = reconciliationStatus(keys, marksQuery.data?.marks ?? []);
  const issued = invoice.issueDate ? `issued ${formatDate(invoice.issueDate, locale)}` : 'no issue date';
  return (
    <>
      <PageHeader
        title={`Invoice ${invoice.reference}`}
        description={`${detail.client ? `${detail.client.name} · ` : ''}Number ${invoiceNumberText(invoice.number)} · ${issued} · ${invoice.currency}`}
        actions={
          <>
            <OriginBadge origin={invoice.origin} />
            <ReconciliationBadge status={status} />
          </>
        }
      />
      {invoice.origin === 'REGULARIZATION' ? (
        <p className="mb-4 text-sm text-muted-foreground">
          This is a correction (regularization): it adjusts lines billed on earlier invoices.
        </p>
      ) : null}
      {/* min-w-0: a grid item is as wide as its widest content by default, and the checks' table
          must scroll inside its card on a phone rather than widen the page. */}
      <div className="grid gap-4 lg:grid-cols-3">
        <TitledCard className="min-w-0 lg:col-span-2" title="Checks">
          <InvoiceChecks detail={detail} locale={locale} />
        </TitledCard>
        <TitledCard className="min-w-0" title="Reconciliation">
          <ReconciliationPanel
            invoiceId={invoice.id}
            reference={invoice.reference}
            status={status}
            lineKeys={keys}
            marks={marks}
            canMark={canMark}
            locale={locale}
          />
        </TitledCard>
        <TitledCard className="min-w-0 lg:col-span-3" title="Invoice">
          <InvoiceFields invoice={invoice} locale={locale} />
        </TitledCard>
      </div>

      <PageSection
        id="lines-heading"
        title="Lines"
        className="mt-6"
        alignActions="start"
        description={
          <p className="text-xs text-muted-foreground">
            Checked {formatTimestamp(detail.checkedAt, locale)}. Decisions and estimates come from the batches
            sent from this dashboard, else from the service's record of the event.
          </p>
        }
        actions={
          canExport ? (
            <ExportInvoices
              scope={invoiceExportQuery({ invoiceId: invoice.id })}
              what={`invoice ${invoice.reference}`}
            />
          ) : null
        }
      >
        {detail.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">This invoice has no lines.</p>
        ) : (
          <InvoiceLinesTable
            invoice={invoice}
            lines={detail.lines}
            marks={marks}
            canMark={canMark}
            locale={locale}
          />
        )}
      </PageSection>
    </>
  );
}
