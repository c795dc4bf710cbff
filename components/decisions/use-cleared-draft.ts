'use client';

import { useCallback, useEffect, useState } from 'react';
import type { ClearedDraft, KeyValueStore } from '@/lib/decisions/cleared-draft';
import type { DecisionDraft } from './use-decision-draft';

/** This page load, as lib/decisions/cleared-draft.ts tells a waiting record from an orphaned one. */
const PAGE_ID = Math.random().toString(36).slice(2);

// The rules load when the draft is first shown, not with the page (bench: JS per route).
const rules = () => import('@/lib/decisions/cleared-draft');

function tabStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * "Clear draft" with an undo that survives leaving the month view (the rules and why the tab's
 * storage holds the copy: lib/decisions/cleared-draft.ts).
 */
export function useClearedDraft(draft: DecisionDraft) {
  const [cleared, setCleared] = useState<ClearedDraft | null>(null);
  const { ready, version, saveState } = draft;
  const count = draft.entries.length;

  useEffect(() => {
    if (!ready) return;
    let current = true;
    void rules().then(({ followDraft }) => {
      const followed = followDraft(tabStore(), { version, count, saveState }, PAGE_ID);
      if (current) setCleared(followed);
    });
    return () => {
      current = false;
    };
  }, [ready, version, count, saveState]);

  const clear = useCallback(async () => {
    const { rememberCleared, settleCleared } = await rules();
    const store = tabStore();
    setCleared(rememberCleared(store, draft.entries, draft.version, PAGE_ID));
    // Settled even if the month view is left before the save answers: the promise outlives it.
    const saved = await draft.clear();
    setCleared(settleCleared(store, saved));
  }, [draft]);

  /** Puts every cleared decision back; the copy is kept until the server has them again. */
  const undo = useCallback(async () => {
    if (!cleared) return;
    setCleared(null);
    await draft.restore(cleared.entries);
  }, [cleared, draft]);

  const dismiss = useCallback(async () => {
    const { forgetCleared } = await rules();
    forgetCleared(tabStore());
    setCleared(null);
  }, []);

  return { cleared, clear, undo, dismiss };
}
