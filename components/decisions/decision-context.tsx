'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { DecisionDraft } from './use-decision-draft';

/** What the rows' cells read: the draft, the selection and the keyboard's row. */
export interface DecisionCore {
  draft: DecisionDraft;
  selected: ReadonlySet<string>;
  toggleSelected: (eventId: string, on: boolean) => void;
  /** The row the keyboard is on (j / k), or null before the first move. */
  cursorId: string | null;
  /**
   * Asks the named confirmation the `d` key asks before a row is marked for DROP (spec: Instruction
   * rules, DROP has no undo). Without it the choice goes straight into the draft.
   */
  confirmDrop?: (row: RenewalRow) => void;
}

/** The rows the filters show, for "select all shown": it changes on every sort and filter. */
export interface ShownRows {
  /** The rows the table shows now (after filters), in their order. */
  shownRows: readonly Pick<RenewalRow, 'eventId'>[];
  selectShown: (on: boolean) => void;
}

export type DecisionContextValue = DecisionCore & ShownRows;

const DecisionContext = createContext<DecisionCore | null>(null);
const ShownRowsContext = createContext<ShownRows | null>(null);

/**
 * Hands the decision draft and the row selection to the table's cells without prop drilling. The
 * shown rows go in a context of their own: a sort or a filter click changes them, and only the
 * "select all" box reads them, so the click does not make React visit every cell that reads the
 * draft (bench: sort or filter ≤ 16 ms).
 */
export function DecisionProvider({ value, children }: { value: DecisionContextValue; children: ReactNode }) {
  const { draft, selected, toggleSelected, cursorId, confirmDrop, shownRows, selectShown } = value;
  const core = useMemo(
    () => ({ draft, selected, toggleSelected, cursorId, confirmDrop }),
    [draft, selected, toggleSelected, cursorId, confirmDrop],
  );
  const shown = useMemo(() => ({ shownRows, selectShown }), [shownRows, selectShown]);
  return (
    <DecisionContext.Provider value={core}>
      <ShownRowsContext.Provider value={shown}>{children}</ShownRowsContext.Provider>
    </DecisionContext.Provider>
  );
}

/** The decisions when the viewer decides, else null (the table is drawn for every role). */
export function useOptionalDecisions(): DecisionCore | null {
  return useContext(DecisionContext);
}

export function useDecisions(): DecisionCore {
  const value = useContext(DecisionContext);
  if (!value) throw new Error('useDecisions outside DecisionProvider');
  return value;
}

export function useShownRows(): ShownRows {
  const value = useContext(ShownRowsContext);
  if (!value) throw new Error('useShownRows outside DecisionProvider');
  return value;
}
