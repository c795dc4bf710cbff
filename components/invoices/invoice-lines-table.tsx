import Link from 'next/link';
import { DETAILS_ONLY_NARROW, LOW_PRIORITY } from '@/components/data-table/priority';
import { RowDetails } from '@/components/data-table/row-details';
import { DecisionCostText } from '@/components/decisions/decision-cost-text';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
    <Table>
      <caption className="sr-only">Lines of invoice {invoice.reference}</caption>
      <TableHeader>
        <TableRow>
          {/* Below 1536 px (priority.ts) the line number and the decision move into the patent and
              renewal cells, the components and the estimate into the row's details, so the checks,
              the mark and the document stay on screen at 1280 px. */}
          <TableHead scope="col" className={LOW_PRIORITY}>
            Line
          </TableHead>
          <TableHead scope="col">Patent</TableHead>
          <TableHead scope="col">Renewal</TableHead>
          <TableHead scope="col" className={LOW_PRIORITY}>
            Decision
          </TableHead>
          <TableHead scope="col" className={LOW_PRIORITY}>
            Components
          </TableHead>
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
          <TableHead scope="col" className={cn('text-right', LOW_PRIORITY)}>
            Estimate and variance
          </TableHead>
          <TableHead scope="col">Checks</TableHead>
          <TableHead scope="col">Mark</TableHead>
          <TableHead scope="col">Document</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <LineRow
            key={line.lineKey}
            invoice={invoice}
            line={line}
            mark={marks.get(line.lineKey) ?? null}
            canMark={canMark}
            locale={locale}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function LineRow({
  invoice,
  line,
  mark,
  canMark,
  locale,
}: {
  invoice: Invoice;
  line: InvoiceLineView;
  mark: MarkView | null;
  canMark: boolean;
  locale: string;
}) {
  const { fees } = line;
  const label = lineLabel(line);
  const patentPage = line.patentId ? patentHref(line.patentId) : null;
  const worst = worstStatus(line.checks);
  return (
    <TableRow data-line-key={line.lineKey} data-event-id={fees.eventId ?? undefined} className="align-top">
      <TableCell className={cn('tabular-nums', LOW_PRIORITY)}>{line.index + 1}</TableCell>
      <TableCell>
        <span className={cn('block text-xs text-muted-foreground tabular-nums', DETAILS_ONLY_NARROW)}>
          Line {line.index + 1}
        </span>
        {patentPage ? (
          <Link href={patentPage} className="font-medium text-primary underline-offset-2 hover:underline">
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
          <span className="block max-w-44 truncate text-xs text-muted-foreground" title={line.patent.title}>
            {line.patent.title}
          </span>
        ) : null}
        <RowDetails
          name={`line ${line.index + 1}`}
          details={[
            { label: 'Components', value: <FeeComponents fees={fees} locale={locale} /> },
            { label: 'Estimate and variance', value: <VarianceCell line={line} locale={locale} /> },
          ]}
        />
      </TableCell>
      <TableCell>
        {line.event && line.patentId && fees.eventId ? (
          <Link
            href={patentHref(line.patentId, fees.eventId)}
            className="text-primary underline-offset-2 hover:underline"
          >
            {line.event.annuityYear === null ? 'Renewal' : `Year ${line.event.annuityYear}`}
            {line.event.paymentSequence != null ? ` (payment ${line.event.paymentSequence})` : ''}
            <span className="block whitespace-nowrap">due {formatDate(line.event.dueDate, locale)}</span>
            <span className="sr-only"> (renewal of {label})</span>
          </Link>
        ) : (
          <span className="text-muted-foreground">{fees.eventId ? 'Event not found' : 'No event named'}</span>
        )}
        <span className={cn('mt-1 block', DETAILS_ONLY_NARROW)}>
          <LineDecision line={line} />
        </span>
      </TableCell>
      <TableCell className={LOW_PRIORITY}>
        <LineDecision line={line} />
      </TableCell>
      <TableCell className={LOW_PRIORITY}>
        <FeeComponents fees={fees} locale={locale} />
      </TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <span className="font-mono tabular-nums">
          {fees.total === null ? '—' : formatMoney(fees.total, fees.currency, locale)}
        </span>
        {fees.isFxRateFrozen ? (
          <Badge tone="info" className="ml-1" title="Exchange rate frozen">
            FX frozen
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className={cn('text-right whitespace-nowrap', LOW_PRIORITY)}>
        <VarianceCell line={line} locale={locale} />
      </TableCell>
      <TableCell className="min-w-52 2xl:min-w-72">
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
      </TableCell>
      <TableCell className="min-w-36 2xl:min-w-40">
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
              title={`Mark ${label}`}
              triggerLabel={`Mark line ${line.index + 1}`}
              current={mark}
            />
          </div>
        ) : null}
      </TableCell>
      <TableCell>
        {invoice.hasPdfDocument && line.patentId && fees.eventId ? (
          <a
            href={eventDocumentHref(line.patentId, fees.eventId, 'invoice')}
            download
            className="text-sm text-primary underline-offset-2 hover:underline"
          >
            PDF<span className="sr-only"> invoice of {label}</span>
          </a>
        ) : (
          <span className="text-xs text-muted-foreground">None</span>
        )}
      </TableCell>
    </TableRow>
  );
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
