'use client';

import { TagSelection } from '@/components/tags/tag-selection';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DECISIONS, type Decision } from '@/lib/annuity/enums';
import { decisionLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';

/**
 * One decision for every selected renewal; those that cannot take it are named on their rows. Its
 * status line also says what a shortcut did (./decision-workspace.tsx).
 */
export function BulkDecisionBar({
  ready,
  selectedRows,
  message,
  onApply,
}: {
  ready: boolean;
  selectedRows: RenewalRow[];
  message: string | null;
  onApply: (decision: Decision | null) => void;
}) {
  return (
    <section
      aria-label="Decision for the selected renewals"
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-4 py-2 text-sm',
        // Kept in the page while empty, so its status line is announced when a key changes it.
        selectedRows.length === 0 && !message && 'sr-only',
      )}
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
              disabled={!ready}
              onClick={() => onApply(decision)}
            >
              {decisionLabel(decision)?.label}
            </Button>
          ))}
          <Button size="sm" variant="ghost" className="h-8" disabled={!ready} onClick={() => onApply(null)}>
            Remove decision
          </Button>
          <TagSelection patentIds={[...new Set(selectedRows.map((row) => row.patentId))]} />
        </>
      ) : null}
      <span role="status" className="text-muted-foreground">
        {message}
      </span>
    </section>
  );
}

/** Where "b" and the skip link take the keyboard: the draft bar, focusable by script. */
export const DRAFT_BAR_ID = 'your-decisions';
