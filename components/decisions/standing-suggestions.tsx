'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import type { Decision } from '@/lib/annuity/enums';
import {
  decidedIndex,
  STANDING_INSTRUCTIONS_QUERY_KEY,
  type StandingInstruction,
  type StandingSuggestion,
  standingLookup,
  standingSuggestion,
  standingSummary,
} from '@/lib/decisions/standing-instructions';
import { plural } from '@/lib/format/plural';
import { apiFetch } from '@/lib/http/api-client';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { DecisionDraft } from './use-decision-draft';

/**
 * Standing instructions in the month view. Their suggestions live OUTSIDE the draft
 * until the user accepts them: an unaccepted suggestion is never saved, reviewed or sent, and an
 * accepted one is an ordinary decision of the user's (the review, the approval policy and the
 * send path treat it like any other). The list comes with the page (the server fills this query),
 * and the browser applies the same rules to whichever month is shown (no call per month).
 */
const standingInstructionsQuery = queryOptions({
  queryKey: STANDING_INSTRUCTIONS_QUERY_KEY,
  queryFn: ({ signal }) =>
    apiFetch<{ instructions: StandingInstruction[] }>('/api/standing-instructions', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

interface SuggestionsValue {
  /** The row's suggestion now, or null; worked out per drawn row (the table draws few at a time). */
  suggestionFor: (row: RenewalRow) => StandingSuggestion | null;
  ready: boolean;
  accept: (rows: readonly RenewalRow[]) => void;
}

const SuggestionsContext = createContext<SuggestionsValue | null>(null);

/** The suggestions of the rows shown, and "accept all" above the table. */
export function StandingSuggestions({
  rows,
  draft,
  onMessage,
  children,
}: {
  rows: readonly RenewalRow[];
  draft: DecisionDraft;
  onMessage: (message: string) => void;
  children: ReactNode;
}) {
  const query = useQuery(standingInstructionsQuery);
  const lookup = useMemo(() => standingLookup(query.data?.instructions ?? []), [query.data]);
  const decided = useMemo(() => decidedIndex(draft.entries), [draft.entries]);
  // Independent of the rows' order: a sort or filter does not redraw every suggestion.
  const suggestionFor = useCallback(
    (row: RenewalRow) => standingSuggestion(lookup, row, decided),
    [lookup, decided],
  );
  const accept = useCallback(
    (accepted: readonly RenewalRow[]) => {
      const byDecision = new Map<Decision, RenewalRow[]>();
      for (const row of accepted) {
        const decision = suggestionFor(row)?.decision;
        if (decision) byDecision.set(decision, [...(byDecision.get(decision) ?? []), row]);
      }
      let refused = 0;
      let total = 0;
      for (const [decision, group] of byDecision) {
        refused += draft.decide(group, decision);
        total += group.length;
      }
      onMessage(
        `Accepted ${plural(total - refused, 'suggested decision')}${
          refused > 0 ? `; ${refused} could not be taken (see their rows)` : ''
        }.`,
      );
    },
    [draft, suggestionFor, onMessage],
  );
  const value = useMemo(
    () => ({ suggestionFor, ready: draft.ready, accept }),
    [suggestionFor, draft.ready, accept],
  );
  const suggested = useMemo(
    () =>
      lookup.byPatent.size + lookup.byFamily.size === 0
        ? []
        : rows.filter((row) => suggestionFor(row)?.decision),
    [rows, lookup, suggestionFor],
  );
  return (
    <SuggestionsContext.Provider value={value}>
      {suggested.length > 0 ? (
        <section
          aria-label="Suggestions from standing instructions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-4 py-2 text-sm"
        >
          <span>
            {plural(suggested.length, 'renewal')} shown {suggested.length === 1 ? 'has' : 'have'} a decision
            suggested by a standing instruction. Suggestions are not in your decisions until you accept them.
          </span>
          <Button
            size="sm"
            variant="outline"
            className="h-8"
            disabled={!draft.ready}
            onClick={() => accept(suggested)}
          >
            {suggested.length === 1 ? 'Accept the suggestion' : `Accept all ${suggested.length} suggestions`}
          </Button>
        </section>
      ) : null}
      {children}
    </SuggestionsContext.Provider>
  );
}

/**
 * Under a row's decision: "Suggested: Proceed — renew every year, set by …" with its own accept,
 * or the "review each time" marker. Drawn dashed and muted, unlike a decision the user chose.
 */
export function SuggestionNote({ row }: { row: RenewalRow }) {
  const context = useContext(SuggestionsContext);
  const suggestion = context?.suggestionFor(row);
  if (!context || !suggestion) return null;
  const summary = standingSummary(suggestion.instruction);
  const reason = suggestion.instruction.reason ? ` — ${suggestion.instruction.reason}` : '';
  if (!suggestion.decision) {
    return (
      <span className="block max-w-56 truncate text-xs text-muted-foreground" title={`${summary}${reason}`}>
        Standing instruction: review each time
      </span>
    );
  }
  const label = decisionLabel(suggestion.decision)?.label ?? suggestion.decision;
  return (
    <span
      className="flex max-w-64 items-center gap-1 rounded border border-dashed px-1 text-xs text-muted-foreground"
      data-suggested={suggestion.decision}
    >
      <span className="truncate" title={`${summary}${reason}`}>
        Suggested: {label} — standing instruction: {summary}
      </span>
      <Button
        size="sm"
        variant="link"
        className="h-auto shrink-0 p-0 text-xs"
        disabled={!context.ready}
        aria-label={`Accept the suggested ${label} for ${patentName(row)}, due ${row.dueDate}`}
        onClick={() => context.accept([row])}
      >
        Accept
      </Button>
    </span>
  );
}
