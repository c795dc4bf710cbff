import Link from 'next/link';
import type { ReactNode } from 'react';
import { EnumBadge } from '@/components/badges/enum-badge';
import { DecisionCostText } from '@/components/decisions/decision-cost-text';
import { AnnuityYear } from '@/components/renewals/annuity-year';
import type { CostEstimate } from '@/lib/decisions/decision-cost';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { type PatentNaming, patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';

/**
 * A decision in a batch, as the send review (a draft entry), the batch's receipt and the
 * approver's review (batch items) all have it.
 */
export interface BatchItemRow extends PatentNaming {
  eventId: string;
  patentId: string;
  decision: string;
  office: string | null;
  dueDate: string | null;
  annuityYear: number | null;
  /** spec: Patent event — only when it differs from the annuity year. */
  paymentSequence?: number | null;
  estimate: (CostEstimate & { fxFrozen: boolean }) | null;
}

/**
 * The columns the three batch-item tables share; each table picks its own (./batch-items-table.tsx).
 * `below` adds a line under the patent's name (a problem, the title, the signals toggle).
 */
export const batchItemColumns = {
  patent: <Item extends BatchItemRow>(below?: (item: Item) => ReactNode): TableColumn<Item> => ({
    id: 'patent',
    header: 'Patent',
    cell: (item) => (
      <>
        <Link href={patentHref(item.patentId)} className="font-medium text-primary hover:underline">
          {patentName(item)}
        </Link>
        {below?.(item)}
      </>
    ),
    sort: (item) => patentName(item),
  }),
  office: <Item extends BatchItemRow>(priority?: 'low'): TableColumn<Item> => ({
    id: 'office',
    header: 'Office',
    priority,
    cell: (item) => item.office ?? '—',
    export: (item) => item.office,
  }),
  annuityYear: <Item extends BatchItemRow>(): TableColumn<Item> => ({
    id: 'annuityYear',
    header: 'Annuity year',
    cell: (item) => <AnnuityYear year={item.annuityYear} paymentSequence={item.paymentSequence} />,
    export: (item) => item.annuityYear,
  }),
  dueDate: <Item extends BatchItemRow>(
    locale: string,
    below?: (item: Item) => ReactNode,
  ): TableColumn<Item> => ({
    id: 'dueDate',
    header: 'Due date',
    className: 'whitespace-nowrap tabular-nums',
    cell: (item) => (
      <>
        {item.dueDate ? formatDate(item.dueDate, locale) : '—'}
        {below?.(item)}
      </>
    ),
    sort: (item) => item.dueDate,
    export: (item) => item.dueDate,
  }),
  decision: <Item extends BatchItemRow>(): TableColumn<Item> => ({
    id: 'decision',
    header: 'Decision',
    cell: (item) => <EnumBadge value={decisionLabel(item.decision)} />,
    export: (item) => item.decision,
  }),
  /** Money, as the decision costs it (lib/decisions/decision-cost.ts): right-aligned. */
  estimate: <Item extends BatchItemRow>(header: string, locale: string): TableColumn<Item> => ({
    id: 'estimate',
    header,
    align: 'end',
    className: 'min-w-40',
    cell: (item) => (
      <DecisionCostText
        decision={item.decision}
        estimate={item.estimate}
        fxFrozen={item.estimate?.fxFrozen}
        locale={locale}
      />
    ),
  }),
  reason: <Item extends BatchItemRow & { rationale: string | null }>(): TableColumn<Item> => ({
    id: 'reason',
    header: 'Reason',
    className: 'max-w-80 whitespace-normal text-sm',
    cell: (item) => item.rationale ?? '—',
    export: (item) => item.rationale,
  }),
};
