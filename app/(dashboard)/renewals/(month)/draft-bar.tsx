'use client';

// The draft bar's code loads after hydration (./decision-workspace.tsx): until the deferred draft
// engine has loaded there is nothing for it to show (docs/performance.md, JS per route).

import { Undo2 } from 'lucide-react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import type { DecisionDraft } from '@/components/decisions/use-decision-draft';
import { useLocale } from '@/components/shell/locale';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatTotals } from '@/lib/annuity/money';
import type { ClearedDraft } from '@/lib/decisions/cleared-draft';
import { proceedEstimate } from '@/lib/decisions/summary';
import { problemMessage } from '@/lib/http/api-client';
import { reviewHref } from '@/lib/renewals/review-link';
import { DRAFT_BAR_ID } from './decision-bars';

const SAVE_STATE_TEXT: Record<DecisionDraft['saveState'], string> = {
  saved: 'Saved.',
  saving: 'Saving…',
  failed: 'Not saved.',
  conflict: 'Changed in another tab or sent: the current decisions are shown.',
};

/** The estimated cost of the PROCEED decisions, per currency, as the user chooses. */
function ProceedEstimate({ entries }: { entries: DecisionDraft['entries'] }) {
  const locale = useLocale();
  const { totals, unestimated } = useMemo(() => proceedEstimate(entries), [entries]);
  if (totals.length === 0 && unestimated === 0) return null;
  return (
    <span className="text-sm" data-testid="draft-proceed-estimate">
      <span className="text-muted-foreground">Proceed, estimated: </span>
      <span className="font-medium tabular-nums">{formatTotals(totals, locale)}</span>
      {unestimated > 0 ? (
        <span className="text-muted-foreground"> ({unestimated} without an estimate yet)</span>
      ) : null}
    </span>
  );
}

/**
 * The draft at a glance: how many decisions, what the PROCEEDs are estimated to cost, whether they
 * are saved, and the way to review; after a clear, the undo.
 */
export function DraftBar({
  draft,
  inWindow,
  cleared,
  onClear,
  onUndo,
  onDismiss,
}: {
  draft: DecisionDraft;
  inWindow: number;
  cleared: ClearedDraft | null;
  onClear: () => void;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const count = draft.entries.length;
  // One renewal, one open batch: those already in a batch not settled go into no other one.
  const heldBy = draft.entries.flatMap((entry) => draft.beingSent[entry.eventId] ?? []);
  const beingSent = heldBy.length;
  // Every decision is in a batch not settled yet: there is nothing to review and send, only
  // that batch to follow (it checks with the service and can be sent again from there).
  const allHeld = count > 0 && beingSent === count;
  const oneBatch = heldBy.every((id) => id === heldBy[0]);
  // The review's "Back" returns to this very month view (its month, filters and sort).
  // Null outside the App Router (a component rendered on its own, as in tests): then the plain review.
  const search = useSearchParams() as URLSearchParams | null;
  if (draft.loadError) {
    return (
      <Alert tone="danger">
        <h2>Your decisions could not be loaded</h2>
        <p>
          {problemMessage(draft.loadError, 'The dashboard could not be reached.')} Decisions cannot be chosen
          until they load; reload the page to try again.
        </p>
      </Alert>
    );
  }
  const undoable = count === 0 && cleared !== null && cleared.entries.length > 0;
  if (count === 0 && draft.saveState === 'saved' && !undoable) return null;
  // Reviewing while a save is on its way would show the previous version of the draft.
  const settled = draft.saveState === 'saved' || draft.saveState === 'conflict';
  return (
    <section
      id={DRAFT_BAR_ID}
      tabIndex={-1}
      aria-label="Your decisions"
      aria-keyshortcuts="b"
      className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 shadow-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex flex-col gap-0.5">
        <p className="text-sm">
          <span className="font-semibold tabular-nums">{count}</span> decision{count === 1 ? '' : 's'} in your
          draft
          {count !== inWindow ? ` (${inWindow} in this view)` : ''}
          {beingSent > 0 ? (
            <span className="ml-1 font-medium text-warning" data-testid="draft-being-sent">
              {beingSent} being sent in a batch not settled yet
            </span>
          ) : null}
          <span className="ml-2 text-xs text-muted-foreground" role="status">
            {undoable
              ? `Cleared ${cleared.entries.length} decision${cleared.entries.length === 1 ? '' : 's'}.`
              : SAVE_STATE_TEXT[draft.saveState]}
          </span>
          {draft.saveState === 'failed' ? (
            <Button variant="link" size="sm" className="h-auto px-1" onClick={draft.retrySave}>
              Retry saving
            </Button>
          ) : null}
        </p>
        <ProceedEstimate entries={draft.entries} />
      </div>
      <div className="flex items-center gap-2">
        {undoable ? (
          <>
            <Button variant="outline" size="sm" onClick={onUndo} disabled={!draft.ready}>
              <Undo2 aria-hidden="true" />
              Undo clear ({cleared.entries.length})
            </Button>
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={onClear} disabled={count === 0 || !draft.ready}>
            Clear draft
          </Button>
        )}
        {allHeld ? (
          <Button asChild size="sm" variant="outline">
            <Link href={oneBatch ? `/renewals/batches/${heldBy[0]}` : '/renewals/batches'}>
              Open the batch{oneBatch ? '' : 'es'} being sent
            </Link>
          </Button>
        ) : count > 0 && settled ? (
          <Button asChild size="sm">
            <Link href={reviewHref(search?.toString() ?? '')} aria-keyshortcuts="r">
              Review and send {count}
            </Link>
          </Button>
        ) : count > 0 ? (
          <Button size="sm" disabled>
            Review and send {count}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
