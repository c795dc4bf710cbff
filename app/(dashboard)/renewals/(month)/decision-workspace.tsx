'use client';

import { useRouter } from 'next/navigation';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DecisionProvider } from '@/components/decisions/decision-context';
import { useDeferredDecisionDraft } from '@/components/decisions/deferred-draft';
import { LazyConfirmDialog } from '@/components/decisions/lazy-confirm-dialog';
import { StandingSuggestions } from '@/components/decisions/standing-suggestions';
import { useClearedDraft } from '@/components/decisions/use-cleared-draft';
import { useShortcuts } from '@/components/keyboard/use-shortcuts';
import { deferred } from '@/components/ui/deferred';
import type { Decision } from '@/lib/annuity/enums';
import { DECISION_KEYS, moveCursor, planDecision } from '@/lib/decisions/keyboard-decisions';
import { plural } from '@/lib/format/plural';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import { reviewHref } from '@/lib/renewals/review-link';
import type { RenewalRow } from '@/lib/renewals/rows';
import { BulkDecisionBar, DRAFT_BAR_ID } from './decision-bars';

// Shown only once the deferred draft has decisions (never at first paint): its code loads after
// hydration, like the draft engine's (docs/performance.md, JS per route).
const DraftBar = deferred(
  () => import('./draft-bar').then((module) => module.DraftBar),
  () => null,
);

/**
 * Deciding in the month view: the draft (saved per user on the server), the row selection for
 * one decision over many rows, the keyboard and the bars around the table. Without the
 * permission the table is shown as it is; the server refuses decisions from other roles anyway.
 * Memoised: the month view re-renders on every state of its query, and the draft and the table
 * need to only when the rows they hold change.
 */
export const DecisionWorkspace = memo(function DecisionWorkspace({
  enabled,
  shownRows,
  complete = true,
  children,
}: {
  enabled: boolean;
  shownRows: RenewalRow[];
  /** False while only the first screen of the window has arrived: "select all" waits for the rest. */
  complete?: boolean;
  children: ReactNode;
}) {
  if (!enabled) return <>{children}</>;
  return (
    <Workspace shownRows={shownRows} complete={complete}>
      {children}
    </Workspace>
  );
});

type Confirming =
  | { kind: 'drop'; rows: RenewalRow[]; fromSelection: boolean; refused: number }
  | { kind: 'clear'; count: number };

/** The row that holds keyboard focus now (a checkbox or a link in it), if any. */
function focusedRowId(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLElement
    ? (active.closest<HTMLElement>('tr[data-event-id]')?.dataset.eventId ?? null)
    : null;
}

/** Keys written as computed names: as plain property names they read as component names. */
const SELECT_ALL_KEY = 'A';
const UNSELECT_KEY = 'Escape';

const NO_ROWS: RenewalRow[] = [];

const STILL_LOADING = 'The rest of the renewals are still loading: select them all in a moment.';

function Workspace({
  shownRows,
  complete,
  children,
}: {
  shownRows: RenewalRow[];
  complete: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const { draft: loadedDraft, engine } = useDeferredDecisionDraft();
  // Deciding waits for the whole window as it waits for the form: "all", "select all" and the
  // keys then always mean every renewal of the month, never only the first screen's.
  const draft = useMemo(
    () => (complete || !loadedDraft.ready ? loadedDraft : { ...loadedDraft, ready: false }),
    [loadedDraft, complete],
  );
  const clearing = useClearedDraft(draft);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [cursorId, setCursorId] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [reviewWanted, setReviewWanted] = useState(false);
  // The ids are listed when a key or the "select all" box needs them, not on every sort or filter.
  const shownIds = useCallback(() => shownRows.map((row) => row.eventId), [shownRows]);
  const toggleSelected = useCallback((eventId: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(eventId);
      else next.delete(eventId);
      return next;
    });
  }, []);
  // Selecting every shown row must mean every row of the window, not the first screen's.
  const selectShown = useCallback(
    (on: boolean) => {
      if (on && !complete) return setMessage(STILL_LOADING);
      setSelected(on ? new Set(shownIds()) : new Set());
    },
    [shownIds, complete],
  );
  // Nothing selected or decided (the usual case on a sort or filter click): no pass over the rows.
  const selectedRows = useMemo(
    () => (selected.size === 0 ? NO_ROWS : shownRows.filter((row) => selected.has(row.eventId))),
    [shownRows, selected],
  );
  const inWindow = useMemo(
    () => (draft.byEvent.size === 0 ? 0 : shownRows.filter((row) => draft.byEvent.has(row.eventId)).length),
    [shownRows, draft.byEvent],
  );
  // The row select's DROP asks the same confirmation as the `d` key: one stable function for the
  // context, calling the latest decide (which reads this render's draft).
  const decideLatest = useRef<(rows: RenewalRow[]) => void>(() => undefined);
  const confirmDrop = useCallback((row: RenewalRow) => decideLatest.current([row]), []);

  /** One decision for rows, as the bulk bar's buttons and the keys set it; says what happened. */
  const apply = useCallback(
    (rows: readonly RenewalRow[], decision: Decision | null) => {
      // Rows whose renewal the service does not offer the decision for keep what they had.
      const plan = planDecision(rows, decision);
      const refused = draft.decide(plan.accepted, decision) + plan.refused.length;
      const applied = rows.length - refused;
      setMessage(
        decision === null
          ? `Removed the decision from ${plural(rows.length, 'renewal')}.`
          : `${decisionLabel(decision)?.label}: set on ${plural(applied, 'renewal')}${
              refused > 0 ? `; ${refused} could not take it and kept their decision` : ''
            }.`,
      );
    },
    [draft],
  );

  /** The selected rows, else the keyboard's row (or the row holding focus); read at key time. */
  const targetsNow = (): { rows: RenewalRow[]; fromSelection: boolean } => {
    if (selectedRows.length > 0) return { rows: selectedRows, fromSelection: true };
    const id = focusedRowId() ?? cursorId;
    const row = shownRows.find((candidate) => candidate.eventId === id);
    return { rows: row ? [row] : [], fromSelection: false };
  };

  const decide = (rows: RenewalRow[], fromSelection: boolean, decision: Decision | null) => {
    if (!draft.ready) return setMessage('Your decisions are still loading.');
    if (rows.length === 0) return setMessage('Move to a renewal first (j), or select some (x).');
    if (decision !== 'DROP') {
      apply(rows, decision);
      if (fromSelection) setSelected(new Set());
      return;
    }
    // DROP lets a patent lapse: never from one key press or click (spec: DROP cannot be undone).
    // A named confirmation here, and each patent again on the review page before anything is sent.
    const plan = planDecision(rows, 'DROP');
    if (plan.accepted.length === 0) {
      return setMessage(
        rows.length === 1
          ? `The service does not offer Drop for ${patentName(rows[0] as RenewalRow)} now.`
          : 'The service offers Drop for none of the selected renewals.',
      );
    }
    setConfirming({
      kind: 'drop',
      rows: plan.accepted,
      fromSelection,
      refused: plan.refused.length,
    });
  };

  useEffect(() => {
    decideLatest.current = (rows) => decide(rows, false, 'DROP');
  });

  const openReview = () => {
    if (draft.entries.length === 0) return setMessage('No decisions to review yet.');
    setReviewWanted(true);
  };
  // The review reads the saved draft: go once the last change has been saved.
  useEffect(() => {
    if (!reviewWanted) return;
    if (draft.saveState === 'saved' || draft.saveState === 'conflict') {
      setReviewWanted(false);
      router.push(reviewHref(window.location.search));
    } else if (draft.saveState === 'failed') {
      setReviewWanted(false);
      setMessage('Your decisions are not saved yet, so they cannot be reviewed: retry saving first.');
    }
  }, [reviewWanted, draft.saveState, router]);

  const move = (delta: number) => {
    setCursorId((current) => moveCursor(shownIds(), focusedRowId() ?? current, delta));
    return true;
  };

  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    x: () => {
      const id = focusedRowId() ?? cursorId;
      if (!id) setMessage('Move to a renewal first (j).');
      else toggleSelected(id, !selected.has(id));
      return true;
    },
    [SELECT_ALL_KEY]: () => {
      selectShown(true);
      setMessage(complete ? `${plural(shownRows.length, 'renewal')} selected.` : STILL_LOADING);
      return true;
    },
    [UNSELECT_KEY]: () => {
      if (selected.size === 0) return false;
      selectShown(false);
      setMessage('Selection cleared.');
      return true;
    },
    ...Object.fromEntries(
      Object.entries(DECISION_KEYS).map(([key, decision]) => [
        key,
        () => {
          const { rows, fromSelection } = targetsNow();
          decide(rows, fromSelection, decision);
          return true;
        },
      ]),
    ),
    b: () => {
      const bar = document.getElementById(DRAFT_BAR_ID);
      if (bar) bar.focus();
      else setMessage('No decisions yet.');
      return true;
    },
    r: () => {
      openReview();
      return true;
    },
  });

  const confirmDialog = confirming ? (
    <LazyConfirmDialog
      confirmation={
        confirming.kind === 'drop'
          ? { kind: 'drop', names: confirming.rows.map(patentName), refused: confirming.refused }
          : confirming
      }
      onClose={() => setConfirming(null)}
      onConfirm={() => {
        if (confirming.kind === 'clear') {
          void clearing.clear();
          return;
        }
        apply(confirming.rows, 'DROP');
        if (confirming.fromSelection) setSelected(new Set());
      }}
    />
  ) : null;

  return (
    // The provider memoises its two contexts from these fields.
    <DecisionProvider
      value={{ draft, selected, toggleSelected, shownRows, selectShown, cursorId, confirmDrop }}
    >
      <div className="flex flex-col gap-3">
        {engine}
        {draft.entries.length > 0 || clearing.cleared ? (
          <a
            href={`#${DRAFT_BAR_ID}`}
            className="sr-only self-start rounded-md bg-background px-3 py-1 text-sm underline focus:not-sr-only focus:ring-2 focus:ring-ring"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(DRAFT_BAR_ID)?.focus();
            }}
          >
            Skip to your decisions (b)
          </a>
        ) : null}
        <BulkDecisionBar
          ready={draft.ready}
          selectedRows={selectedRows}
          message={message}
          onApply={(decision) => decide(selectedRows, true, decision)}
        />
        {/* Standing instructions suggest, outside the draft until accepted. */}
        <StandingSuggestions rows={shownRows} draft={draft} onMessage={setMessage}>
          {children}
        </StandingSuggestions>
        <DraftBar
          draft={draft}
          inWindow={inWindow}
          cleared={clearing.cleared}
          onClear={() => setConfirming({ kind: 'clear', count: draft.entries.length })}
          onUndo={() => void clearing.undo()}
          onDismiss={() => void clearing.dismiss()}
        />
        {confirmDialog}
      </div>
    </DecisionProvider>
  );
}
