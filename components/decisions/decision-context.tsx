'use client';

import { createContext, type ReactNode, useContext } from 'react';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { DecisionDraft } from './use-decision-draft';

export interface DecisionContextValue {
  draft: DecisionDraft;
  selected: ReadonlySet<string>;
  toggleSelected: (eventId: string, on: boolean) => void;
  /** The rows the table shows now (after filters), for "select all shown". */
  shownIds: readonly string[];
  selectShown: (on: boolean) => void;
  /** The row the keyboard is on (j / k), or null before the first move. */
  cursorId: string | null;
  /**
   * Asks the named confirmation the `d` key asks before a row is marked for DROP (spec: Instruction
   * rules, DROP has no undo). Without it the choice goes straight into the draft.
   */
  confirmDrop?: (row: RenewalRow) => void;
}

const DecisionContext = createContext<DecisionContextValue | null>(null);

/** Hands the decision draft and the row selection to the table's cells without prop drilling. */
export function DecisionProvider({ value, children }: { value: DecisionContextValue; children: ReactNode }) {
  return <DecisionContext.Provider value={value}>{children}</DecisionContext.Provider>;
}

/** The decisions when the viewer decides, else null (the table is drawn for every role). */
export function useOptionalDecisions(): DecisionContextValue | null {
  return useContext(DecisionContext);
}

export function useDecisions(): DecisionContextValue {
  const value = useContext(DecisionContext);
  if (!value) throw new Error('useDecisions outside DecisionProvider');
  return value;
}
