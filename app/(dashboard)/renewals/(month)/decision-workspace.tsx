'use client';

import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { DecisionProvider } from '@/components/decisions/decision-context';
import { useDeferredDecisionDraft } from '@/components/decisions/deferred-draft';
import type { RenewalRow } from '@/lib/renewals/rows';
import { BulkDecisionBar, DraftBar } from './decision-bars';

/**
 * Deciding in the month view: the draft (saved per user on the server), the row selection for
 * one decision over many rows, and the bars around the table. Without the permission the table
 * is shown as it is; the server refuses decisions from other roles anyway.
 */
export function DecisionWorkspace({
  enabled,
  shownRows,
  children,
}: {
  enabled: boolean;
  shownRows: RenewalRow[];
  children: ReactNode;
}) {
  if (!enabled) return <>{children}</>;
  return <Workspace shownRows={shownRows}>{children}</Workspace>;
}

function Workspace({ shownRows, children }: { shownRows: RenewalRow[]; children: ReactNode }) {
  const { draft, engine } = useDeferredDecisionDraft();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const shownIds = useMemo(() => shownRows.map((row) => row.eventId), [shownRows]);
  const toggleSelected = useCallback((eventId: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(eventId);
      else next.delete(eventId);
      return next;
    });
  }, []);
  const selectShown = useCallback(
    (on: boolean) => setSelected(on ? new Set(shownIds) : new Set()),
    [shownIds],
  );
  const selectedRows = useMemo(
    () => shownRows.filter((row) => selected.has(row.eventId)),
    [shownRows, selected],
  );
  const inWindow = useMemo(
    () => shownRows.filter((row) => draft.byEvent.has(row.eventId)).length,
    [shownRows, draft.byEvent],
  );
  const value = useMemo(
    () => ({ draft, selected, toggleSelected, shownIds, selectShown }),
    [draft, selected, toggleSelected, shownIds, selectShown],
  );
  return (
    <DecisionProvider value={value}>
      <div className="flex flex-col gap-3">
        {engine}
        <BulkDecisionBar draft={draft} selectedRows={selectedRows} onDone={() => setSelected(new Set())} />
        {children}
        <DraftBar draft={draft} inWindow={inWindow} />
      </div>
    </DecisionProvider>
  );
}
