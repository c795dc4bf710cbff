import Link from 'next/link';
import { EnumBadge } from '@/components/badges/enum-badge';
import { DataTable } from '@/components/data-table/data-table';
import { DETAILS_ONLY_NARROW } from '@/components/data-table/priority';
import { RowDetails } from '@/components/data-table/row-details';
import { DecisionCostText } from '@/components/decisions/decision-cost-text';
import { PatentLink } from '@/components/portfolio/patent-link';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/annuity/money';
import type { Invoice } from '@/lib/annuity/schemas';
import { eventDocumentHref } from '@/lib/documents/links';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { countChecks, worstStatus } from '@/lib/invoices/check-types';
import { type InvoiceLineView, lineLabel } from '@/lib/invoices/detail';
import type { MarkView } from '@/lib/invoices/reconciliation';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';
import { CheckCountsText, CheckList } from './check-list';
import { FeeComponents } from './fee-components';
import { MarkReconciliationDialog } from './mark-reconciliation-dialog';
import { CheckBadge, MarkBadge } from './status-badges';

/**
 * Every line of an invoice: its patent and event (linked to the patent page, which lists the
 * event among its renewals), the decision behind it, its components, the estimate and variance, its
 * checks (open when one fails), its mark, and its invoice PDF (spec: Endpoints 6, per event).
 */
export function InvoiceLinesTable({
  invoice,
  lines,
  marks,
  canMark,
  locale,
}: {
  invoice: Invoice;
  lines: readonly InvoiceLineView[];
  marks: ReadonlyMap<string, MarkView>;
  canMark: boolean;
  locale: string;
}) {
  return (
    <DataTable
      caption={`Lines of invoice ${invoice.reference}`}
      captionHidden
      columns={lineColumns({ invoice, marks, canMark, locale })}
      rows={lines}
      rowKey={(line) => line.lineKey}
      rowDetails={{ name: (line) => `line ${line.index + 1}`, Disclosure: RowDetails }}
      rowProps={(line) => ({
        'data-line-key': line.lineKey,
        'data-event-id': line.fees.eventId ?? undefined,
        className: 'align-top',
      })}
    />
  );
}

/**
 * Below 1536 px (priority.ts) the line number and the decision move into the patent and renewal
 * cells, the components and the estimate into the row's details, so the checks, the mark and the
 * document stay on screen at 1280 px.
 */
function lineColumns({
  invoice,
  marks,
  canMark,
  locale,
}: {
  invoice: Invoice;
  marks: ReadonlyMap<string, MarkView>;
  canMark: boolean;
  locale: string;
}): TableColumn<InvoiceLineView>[] {
  return [
    {
      id: 'line',
      header: 'Line',
      priority: 'low',
      details: false,
      align: 'end',
      cell: (line) => line.index + 1,
    },
    {
      id: 'patent',
      header: 'Patent',
      cell: (line) => {
        const { fees } = line;
        return (
          <>
            <span className={cn('block text-xs text-muted-foreground tabular-nums', DETAILS_ONLY_NARROW)}>
              Line {line.index + 1}
            </span>
            {line.patentId ? (
              <Link
                href={patentHref(line.patentId)}
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {patentName({
                  caseReference: line.patent?.caseReference,
                  providerId: line.patent?.providerId ?? fees.patent?.providerId,
                  patentId: fees.patent?.id,
                })}
              </Link>
            ) : (
              <span className="text-muted-foreground">No patent named</span>
            )}
            {line.patent?.title ? (
              <span
                className="block max-w-44 truncate text-xs text-muted-foreground"
                title={line.patent.title}
              >
                {line.patent.title}
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'renewal',
      header: 'Renewal',
      cell: (line) => {
        const { fees } = line;
        return (
          <>
            {line.event && line.patentId && fees.eventId ? (
              <PatentLink patentId={line.patentId} eventId={fees.eventId}>
                {line.event.annuityYear === null ? 'Renewal' : `Year ${line.event.annuityYear}`}
                {line.event.paymentSequence != null ? ` (payment ${line.event.paymentSequence})` : ''}
                <span className="block whitespace-nowrap">due {formatDate(line.event.dueDate, locale)}</span>
                <span className="sr-only"> (renewal of {lineLabel(line)})</span>
              </PatentLink>
            ) : (
              <span className="text-muted-foreground">
                {fees.eventId ? 'Event not found' : 'No event named'}
              </span>
            )}
            <span className={cn('mt-1 block', DETAILS_ONLY_NARROW)}>
              <LineDecision line={line} />
            </span>
          </>
        );
      },
    },
    {
      id: 'decision',
      header: 'Decision',
      priority: 'low',
      details: false,
      cell: (line) => <LineDecision line={line} />,
    },
    {
      id: 'components',
      header: 'Components',
      priority: 'low',
      cell: (line) => <FeeComponents fees={line.fees} locale={locale} />,
    },
    {
      id: 'total',
      header: 'Total',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: ({ fees }) => (
        <>
          <span className="font-mono tabular-nums">
            {fees.total === null ? '—' : formatMoney(fees.total, fees.currency, locale)}
          </span>
          {fees.isFxRateFrozen ? (
            <Badge tone="info" className="ml-1" title="Exchange rate frozen">
              FX frozen
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      id: 'variance',
      header: 'Estimate and variance',
      priority: 'low',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (line) => <VarianceCell line={line} locale={locale} />,
    },
    {
      id: 'checks',
      header: 'Checks',
      className: 'min-w-52 2xl:min-w-72',
      cell: (line) => {
        const label = lineLabel(line);
        const worst = worstStatus(line.checks);
        return (
          <details open={worst === 'fail'}>
            <summary className="cursor-pointer text-xs">
              <span className="mr-1 inline-block align-middle">
                <CheckBadge status={worst} />
              </span>
              <CheckCountsText counts={countChecks(line.checks)} />
              <span className="sr-only"> for {label}</span>
            </summary>
            <div className="mt-2">
              <CheckList checks={line.checks} label={`Checks of ${label}`} />
            </div>
          </details>
        );
      },
    },
    {
      id: 'mark',
      header: 'Mark',
      className: 'min-w-36 2xl:min-w-40',
      cell: (line) => {
        const mark = marks.get(line.lineKey) ?? null;
        return (
          <>
            {mark ? (
              <div className="flex flex-col gap-1 text-xs" data-mark={mark.status}>
                <MarkBadge status={mark.status} />
                {mark.note ? <p className="max-w-40 break-words 2xl:max-w-48">{mark.note}</p> : null}
                <p className="text-muted-foreground">
                  {mark.markedByEmail ?? 'someone'}, {formatTimestamp(mark.markedAt, locale)}
                </p>
              </div>
            ) : (
              <span className="text-xs text-muted-foreground">Not marked</span>
            )}
            {canMark ? (
              <div className="mt-1">
                <MarkReconciliationDialog
                  invoiceId={invoice.id}
                  lineKey={line.lineKey}
                  title={`Mark ${lineLabel(line)}`}
                  triggerLabel={`Mark line ${line.index + 1}`}
                  current={mark}
                />
              </div>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'document',
      header: 'Document',
      cell: (line) =>
        invoice.hasPdfDocument && line.patentId && line.fees.eventId ? (
          <a
            href={eventDocumentHref(line.patentId, line.fees.eventId, 'invoice')}
            download
            className="text-sm text-primary underline-offset-2 hover:underline"
          >
            PDF<span className="sr-only"> invoice of {lineLabel(line)}</span>
          </a>
        ) : (
          <span className="text-xs text-muted-foreground">None</span>
        ),
    },
  ];
}

/** The decision behind a line and where it is known from. */
function LineDecision({ line }: { line: InvoiceLineView }) {
  return (
    <>
      <EnumBadge value={line.decision ? decisionLabel(line.decision.decision) : null} />
      {line.decision ? (
        <span className="block text-xs text-muted-foreground">
          {line.decision.source === 'batch-record' ? 'sent from here' : 'per the service'}
        </span>
      ) : null}
    </>
  );
}

function VarianceCell({ line, locale }: { line: InvoiceLineView; locale: string }) {
  const v = line.variance;
  if (v.kind !== 'compared' && line.decision && line.estimate) {
    // The decision's cost as the review and the batch showed it (one rule: decision-cost.ts).
    return (
      <span className="text-xs">
        <DecisionCostText decision={line.decision.decision} estimate={line.estimate} locale={locale} />
      </span>
    );
  }
  if (v.kind !== 'compared') {
    return line.estimate?.amount ? (
      <span className="font-mono text-xs tabular-nums">
        {formatMoney(line.estimate.amount, line.estimate.currency, locale)}
      </span>
    ) : (
      <span className="text-xs text-muted-foreground">No estimate</span>
    );
  }
  return (
    <span className="flex flex-col items-end font-mono text-xs tabular-nums">
      <span>{formatMoney(v.estimated, v.currency, locale)}</span>
      <span>
        {formatMoney(v.difference, v.currency, locale)}
        {v.percent === null ? '' : ` (${v.percent}%)`}
      </span>
    </span>
  );
}
