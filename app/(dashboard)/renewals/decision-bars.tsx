'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { DecisionDraft } from '@/components/decisions/use-decision-draft';
import { Button } from '@/components/ui/button';
import { DECISIONS, type Decision } from '@/lib/annuity/enums';
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

/** The draft at a glance: how many decisions, whether they are saved, and the way to review. */
export function DraftBar({ draft, inWindow }: { draft: DecisionDraft; inWindow: number }) {
  const count = draft.entries.length;
  if (count === 0 && draft.saveState === 'saved') return null;
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
          {draft.saveState === 'saving' ? 'Saving…' : draft.saveState === 'failed' ? 'Not saved.' : 'Saved.'}
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
        {count > 0 ? (
          <Button asChild size="sm">
            <Link href="/renewals/review">Review and send {count}</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
