import Link from 'next/link';
import { PageSection } from '@/components/shell/page-section';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { patentHref } from '@/lib/portfolio/links';
import { ASKED_DECISION_LABELS, holdSentence, type ReviewHoldView } from '@/lib/reviews/review-hold';

/** The hold beside a renewal wherever it is shown: who reviews it until when, overdue marked. */
export function HoldBadge({ hold }: { hold: Pick<ReviewHoldView, 'owner' | 'reviewBy' | 'overdue'> }) {
  return <Badge tone={hold.overdue ? 'danger' : 'info'}>{holdSentence(hold)}</Badge>;
}

/** A patent's renewals under review (its page), with the decision asked for and the note. */
export function PatentHolds({ holds, locale }: { holds: readonly ReviewHoldView[]; locale: string }) {
  return (
    <section aria-labelledby="patent-holds" className="rounded-md border p-4 text-sm">
      <h2 id="patent-holds" className="mb-2 font-semibold">
        Under review
      </h2>
      <ul className="flex flex-col gap-2">
        {holds.map((hold) => (
          <li key={hold.id} className="flex flex-wrap items-center gap-2">
            <span>Renewal due {formatDate(hold.dueDate, locale)}:</span>
            <HoldBadge hold={hold} />
            <span>asked: {ASKED_DECISION_LABELS[hold.askedDecision]}</span>
            {hold.note ? <span className="text-muted-foreground">“{hold.note}”</span> : null}
          </li>
        ))}
      </ul>
      <Link
        href="/renewals/reviews"
        className="mt-2 inline-block text-primary underline-offset-2 hover:underline"
      >
        All reviews
      </Link>
    </section>
  );
}

/** Today's "Your reviews": the holds this person owns, soonest review-by date first. */
export function YourReviews({ holds, locale }: { holds: readonly ReviewHoldView[]; locale: string }) {
  const overdue = holds.filter((hold) => hold.overdue).length;
  return (
    <PageSection id="today-your-reviews" title="Your reviews" className="mb-6 gap-2">
      <p className="text-sm text-muted-foreground">
        {plural(holds.length, 'renewal')} put under review for you to decide
        {overdue > 0 ? `, ${overdue} past the review-by date` : ''}.
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {holds.map((hold) => (
          <li key={hold.id} className="flex flex-wrap items-center gap-2">
            <Link
              href={patentHref(hold.patentId)}
              className="text-primary underline-offset-2 hover:underline"
            >
              {hold.caseReference ?? hold.eventId}
            </Link>
            <span>
              review by {formatDate(hold.reviewBy, locale)}, due {formatDate(hold.dueDate, locale)}, asked:{' '}
              {ASKED_DECISION_LABELS[hold.askedDecision]}
            </span>
            {hold.overdue ? <Badge tone="danger">Overdue</Badge> : null}
          </li>
        ))}
      </ul>
      <Link
        href="/renewals/reviews?owner=me"
        className="text-sm text-primary underline-offset-2 hover:underline"
      >
        Open your reviews
      </Link>
    </PageSection>
  );
}
