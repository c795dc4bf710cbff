'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type Draft, type DraftEntry, MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { entryFromRow } from '@/lib/decisions/entry-from-row';
import type { DecisionForm } from '@/lib/decisions/form';
import { conflictsWith } from '@/lib/decisions/rules';
import { createSaveQueue, type SaveState } from '@/lib/decisions/save-queue';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import type { RenewalRow } from '@/lib/renewals/rows';
import { DRAFT_QUERY_KEY, draftQuery, saveDraft } from './draft-query';

const SAVE_DELAY_MS = 400;

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const decisionFormResolver = lazyZodResolver(() =>
  import('@/lib/decisions/form').then((schemas) => schemas.decisionFormSchema),
);

/** Why a row cannot take a decision now, or null when it can (checked before it enters the draft). */
function refusalFor(row: RenewalRow, decision: string, entries: readonly DraftEntry[]): string | null {
  const instructability = row.instructability;
  if (!instructability?.isAllowed) return 'The service does not accept a decision for this renewal now.';
  if (!instructability.allowedDecisions.includes(decision)) {
    return `The service offers only ${instructability.allowedDecisions.join(', ')} for this renewal.`;
  }
  if (entries.length >= MAX_DRAFT_ENTRIES && !entries.some((entry) => entry.eventId === row.eventId)) {
    return `A batch holds at most ${MAX_DRAFT_ENTRIES} decisions: send or clear these first.`;
  }
  const other = conflictsWith(entries, row);
  if (other) {
    return `Another renewal of this patent (due ${other.dueDate}) is already in the draft; a batch takes one renewal per patent.`;
  }
  return null;
}

/**
 * The decision form (react-hook-form + zod): the draft's entries, validated by the month view's
 * rules, saved to the server shortly after each change so a reload or sign-out loses nothing.
 * Saving, one at a time and never over a draft changed elsewhere: lib/decisions/save-queue.ts.
 */
export function useDecisionDraft() {
  const queryClient = useQueryClient();
  const draft = useQuery(draftQuery);
  const form = useForm<DecisionForm>({
    resolver: decisionFormResolver,
    defaultValues: { entries: draft.data?.entries ?? [] },
    mode: 'onChange',
  });
  const entries = useWatch({ control: form.control, name: 'entries' });
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const loaded = useRef(Boolean(draft.data));
  const [queue] = useState(() =>
    createSaveQueue(
      {
        save: saveDraft,
        onSaved: (saved) => queryClient.setQueryData<Draft>(DRAFT_QUERY_KEY, saved),
        onConflict: (current) => {
          queryClient.setQueryData<Draft>(DRAFT_QUERY_KEY, current);
          form.reset({ entries: current.entries });
          setRefusals({});
        },
        onState: setSaveState,
      },
      { basedOn: draft.data?.batchKey ?? null, delayMs: SAVE_DELAY_MS },
    ),
  );

  // The draft may arrive after the first render (no server prefetch): take it once.
  useEffect(() => {
    if (!loaded.current && draft.data) {
      loaded.current = true;
      queue.rebase(draft.data.batchKey);
      form.reset({ entries: draft.data.entries });
    }
  }, [draft.data, form, queue]);

  const persist = useCallback((next: DraftEntry[]) => queue.schedule(next), [queue]);

  const replace = useCallback(
    (next: DraftEntry[]) => {
      form.setValue('entries', next, { shouldValidate: true, shouldDirty: true });
      persist(next);
    },
    [form, persist],
  );

  /** Sets (or with null removes) the decision of each row; rows that cannot take it say why. */
  const decide = useCallback(
    (rows: readonly RenewalRow[], decision: DraftEntry['decision'] | null) => {
      let next = form
        .getValues('entries')
        .filter((entry) => !rows.some((row) => row.eventId === entry.eventId));
      const refused: Record<string, string> = {};
      if (decision) {
        for (const row of rows) {
          const reason = refusalFor(row, decision, next);
          if (reason) refused[row.eventId] = reason;
          else next = [...next, entryFromRow(row, decision)];
        }
      }
      setRefusals((current) => {
        const updated = { ...current };
        for (const row of rows) delete updated[row.eventId];
        return { ...updated, ...refused };
      });
      replace(next);
      return Object.keys(refused).length;
    },
    [form, replace],
  );

  /**
   * Empties the draft and saves that at once rather than after the usual pause, so an undo offered
   * for it (lib/decisions/cleared-draft.ts) knows the saved version even if the page is left
   * straight away. Resolves with that version, or null when the save did not go through.
   */
  const clear = useCallback(async (): Promise<string | null> => {
    const before = queryClient.getQueryData<Draft>(DRAFT_QUERY_KEY)?.batchKey ?? null;
    setRefusals({});
    form.setValue('entries', [], { shouldValidate: true, shouldDirty: true });
    await queue.saveNow([]);
    const after = queryClient.getQueryData<Draft>(DRAFT_QUERY_KEY)?.batchKey ?? null;
    return after !== before ? after : null;
  }, [form, queue, queryClient]);

  /** Puts decisions back (the undo of a clear), saved at once for the same reason. */
  const restore = useCallback(
    async (restored: DraftEntry[]) => {
      setRefusals({});
      form.setValue('entries', restored, { shouldValidate: true, shouldDirty: true });
      await queue.saveNow(restored);
    },
    [form, queue],
  );

  const byEvent = useMemo(() => new Map(entries.map((entry) => [entry.eventId, entry])), [entries]);
  const errors = form.formState.errors.entries;
  const problemFor = useCallback(
    (eventId: string): string | null => {
      if (refusals[eventId]) return refusals[eventId] ?? null;
      const index = entries.findIndex((entry) => entry.eventId === eventId);
      if (index < 0 || !Array.isArray(errors)) return null;
      return (errors[index] as { decision?: { message?: string } } | undefined)?.decision?.message ?? null;
    },
    [entries, errors, refusals],
  );

  const retrySave = useCallback(() => persist(form.getValues('entries')), [form, persist]);

  // One object per change, not per render: the month view hands it up from a deferred component
  // (./deferred-draft.tsx), which must not see a new draft on every render.
  return useMemo(
    () => ({
      ready: Boolean(draft.data),
      loadError: draft.error,
      entries,
      byEvent,
      decide,
      clear,
      restore,
      problemFor,
      saveState,
      retrySave,
      /** The saved version of the draft (its batchKey, new on every save); null before it loads. */
      version: draft.data?.batchKey ?? null,
      /** Renewals of the draft in a batch not settled yet, by batch id: shown "being sent". */
      beingSent: draft.data?.beingSent ?? NOTHING_BEING_SENT,
    }),
    [draft.data, draft.error, entries, byEvent, decide, clear, restore, problemFor, saveState, retrySave],
  );
}

export type DecisionDraft = ReturnType<typeof useDecisionDraft>;

const NOTHING_BEING_SENT: Readonly<Record<string, string>> = {};
