'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { DecisionDraft } from '@/components/decisions/use-decision-draft';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DECISIONS, type Decision } from '@/lib/annuity/enums';
import { problemMessage } from '@/lib/http/api-client';
import { decisionLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';

/** One decision for every selected renewal; those that cannot take it are named on their rows. */
export function BulkDecisionBar({
  draft,
  selectedRows,
  onDone,
}: {
  draft: DecisionDraft;
  selectedRows: RenewalRow[];
  onDone: () => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  if (selectedRows.length === 0 && !message) return null;
  const apply = (decision: Decision | null) => {
    const refused = draft.decide(selectedRows, decision);
    const applied = selectedRows.length - refused;
    setMessage(
      decision === null
        ? `Removed the decision from ${selectedRows.length} renewal(s).`
        : `${decisionLabel(decision)?.label}: set on ${applied} renewal(s)${
            refused > 0 ? `; ${refused} could not take it (see the rows marked)` : ''
          }.`,
    );
    onDone();
  };
  return (
    <section
      aria-label="Decision for the selected renewals"
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-4 py-2 text-sm"
    >
      {selectedRows.length > 0 ? (
        <>
          <span className="font-medium">{selectedRows.length} selected:</span>
          {DECISIONS.map((decision) => (
            <Button
              key={decision}
              size="sm"
              variant={decision === 'DROP' ? 'destructive' : 'outline'}
              className="h-8"
              disabled={!draft.ready}
              onClick={() => apply(decision)}
            >
              {decisionLabel(decision)?.label}
            </Button>
          ))}
          <Button
            size="sm"
            variant="ghost"
            className="h-8"
            disabled={!draft.ready}
            onClick={() => apply(null)}
          >
            Remove decision
          </Button>
        </>
      ) : null}
      <span role="status" className="text-muted-foreground">
        {message}
      </span>
    </section>
  );
}

const SAVE_STATE_TEXT: Record<DecisionDraft['saveState'], string> = {
  saved: 'Saved.',
  saving: 'Saving…',
  failed: 'Not saved.',
  conflict: 'Changed in another tab or sent: the current decisions are shown.',
};

/** The draft at a glance: how many decisions, whether they are saved, and the way to review. */
export function DraftBar({ draft, inWindow }: { draft: DecisionDraft; inWindow: number }) {
  const count = draft.entries.length;
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
  if (count === 0 && draft.saveState === 'saved') return null;
  // Reviewing while a save is on its way would show the previous version of the draft.
  const settled = draft.saveState === 'saved' || draft.saveState === 'conflict';
  return (
    <section
      aria-label="Your decisions"
      className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background px-4 py-3 shadow-md"
    >
      <p className="text-sm">
        <span className="font-semibold tabular-nums">{count}</span> decision{count === 1 ? '' : 's'} in your
        draft
        {count !== inWindow ? ` (${inWindow} in this view)` : ''}
        <span className="ml-2 text-xs text-muted-foreground" role="status">
          {SAVE_STATE_TEXT[draft.saveState]}
        </span>
        {draft.saveState === 'failed' ? (
          <Button variant="link" size="sm" className="h-auto px-1" onClick={draft.retrySave}>
            Retry saving
          </Button>
        ) : null}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={draft.clear} disabled={count === 0}>
          Clear draft
        </Button>
        {count > 0 && settled ? (
          <Button asChild size="sm">
            <Link href="/renewals/review">Review and send {count}</Link>
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
