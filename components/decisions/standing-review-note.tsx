import type { DraftEntry } from '@/lib/decisions/draft';
import { type StandingInstruction, standingSummary } from '@/lib/decisions/standing-instructions';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';

/**
 * On the review: which decisions follow a standing instruction (accepted suggestions,
 * or chosen alike by hand), so the user sees them named before sending. Rendered on the server:
 * no script for the review page.
 */
export function StandingReviewNote({
  items,
}: {
  items: readonly { entry: DraftEntry; instruction: StandingInstruction }[];
}) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="standing-review-title"
      className="mb-4 rounded-lg border border-dashed px-4 py-3 text-sm"
    >
      <h2 id="standing-review-title" className="font-medium">
        {items.length === 1
          ? 'One decision follows a standing instruction'
          : `${items.length} decisions follow standing instructions`}
      </h2>
      <p className="text-muted-foreground">
        Each matches the standing instruction of its patent or family. They are sent only with this batch,
        when you send it, and the approval policy applies to them as to any other decision.
      </p>
      <ul className="mt-2 list-inside list-disc">
        {items.map(({ entry, instruction }) => (
          <li key={entry.eventId} data-event-id={entry.eventId}>
            {patentName(entry)}: {decisionLabel(entry.decision)?.label ?? entry.decision} (
            {standingSummary(instruction)}
            {instruction.reason ? `; ${instruction.reason}` : ''})
          </li>
        ))}
      </ul>
    </section>
  );
}
