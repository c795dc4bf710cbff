import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import type { ReviewCandidate } from '@/lib/reviews/review-hold';
import { costToKeepText } from '@/lib/signals/cost-to-keep';
import type { TableColumn } from '@/lib/table/columns';
import { HoldBadge } from './holds-list';
import { ReviewPatent, reviewLabel } from './review-patent';

/**
 * The candidates for review, lowest keep score first (./review-candidates.tsx): with a box to
 * choose each for the hold where the reader may place one (a renewal already held cannot be).
 */
export function candidateColumns({
  locale,
  choice,
}: {
  locale: string;
  choice: { chosen: ReadonlySet<string>; toggle: (eventId: string, on: boolean) => void } | null;
}): TableColumn<ReviewCandidate>[] {
  return [
    ...(choice
      ? [
          {
            id: 'select',
            header: 'Select',
            headerHidden: true,
            cell: (candidate: ReviewCandidate) => (
              <input
                type="checkbox"
                aria-label={`Select ${reviewLabel(candidate)}`}
                disabled={candidate.hold !== null}
                checked={choice.chosen.has(candidate.eventId)}
                onChange={(event) => choice.toggle(candidate.eventId, event.target.checked)}
              />
            ),
          },
        ]
      : []),
    {
      id: 'patent',
      header: 'Patent',
      cell: (candidate) => (
        <>
          <ReviewPatent renewal={candidate} />
          {candidate.hold ? (
            <div>
              <HoldBadge hold={candidate.hold} />
            </div>
          ) : null}
        </>
      ),
    },
    {
      id: 'due',
      header: 'Due',
      className: 'whitespace-nowrap',
      cell: (candidate) => formatDate(candidate.dueDate, locale),
    },
    { id: 'score', header: 'Keep score', align: 'end', cell: (candidate) => candidate.score },
    {
      id: 'why',
      header: 'Why',
      className: 'max-w-md text-xs text-muted-foreground',
      cell: (candidate) => candidate.sentence,
    },
    {
      id: 'fee',
      header: 'Renewal fee',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (candidate) =>
        candidate.fee ? formatMoney(candidate.fee.amount, candidate.fee.currency, locale) : '—',
    },
    {
      id: 'costToExpiry',
      header: 'Cost to keep',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (candidate) =>
        candidate.forecastTo === null
          ? 'Forecast being built'
          : costToKeepText(candidate.costToExpiry, (amount, currency) =>
              formatMoney(amount, currency, locale),
            ) || '—',
    },
  ];
}
