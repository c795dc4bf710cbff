import { ReleaseHoldButton } from '@/components/reviews/release-hold-button';
import { ReviewPatent, reviewLabel } from '@/components/reviews/review-patent';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format/dates';
import { ASKED_DECISION_LABELS, type ReviewHoldView } from '@/lib/reviews/review-hold';
import type { TableColumn } from '@/lib/table/columns';

/** The renewals under review: who reviews each by when (overdue marked), and Release where the reader may. */
export function holdColumns(locale: string, canWrite: boolean): TableColumn<ReviewHoldView>[] {
  return [
    { id: 'patent', header: 'Patent', cell: (hold) => <ReviewPatent renewal={hold} /> },
    {
      id: 'due',
      header: 'Due',
      className: 'whitespace-nowrap',
      cell: (hold) => formatDate(hold.dueDate, locale),
    },
    { id: 'owner', header: 'Owner', cell: (hold) => hold.owner.name },
    {
      id: 'reviewBy',
      header: 'Review by',
      className: 'whitespace-nowrap',
      cell: (hold) => (
        <>
          {formatDate(hold.reviewBy, locale)} {hold.overdue ? <Badge tone="danger">Overdue</Badge> : null}
        </>
      ),
    },
    {
      id: 'asked',
      header: 'Decision asked for',
      cell: (hold) => ASKED_DECISION_LABELS[hold.askedDecision],
    },
    { id: 'note', header: 'Note', className: 'max-w-xs text-xs', cell: (hold) => hold.note ?? '' },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Actions',
            headerHidden: true,
            cell: (hold: ReviewHoldView) => <ReleaseHoldButton holdId={hold.id} label={reviewLabel(hold)} />,
          },
        ]
      : []),
  ];
}
