'use client';

import { useEffect } from 'react';
import { type DecisionDraft, useDecisionDraft } from './use-decision-draft';

/**
 * Runs the decision form (react-hook-form + zod, ./use-decision-draft.ts) and hands each new state
 * of the draft to the month view; it renders nothing. Loaded after the page hydrates
 * (./deferred-draft.tsx).
 */
export function DraftEngine({ onDraft }: { onDraft: (draft: DecisionDraft) => void }) {
  const draft = useDecisionDraft();
  useEffect(() => onDraft(draft), [draft, onDraft]);
  return null;
}
