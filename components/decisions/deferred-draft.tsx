'use client';

import { type ReactNode, useState } from 'react';
import { deferred } from '@/components/ui/deferred';
import type { DecisionDraft } from './use-decision-draft';

/** The draft before the form has loaded: nothing decided, nothing accepted yet (`ready` is false). */
export const PENDING_DRAFT: DecisionDraft = {
  ready: false,
  loadError: null,
  entries: [],
  byEvent: new Map(),
  decide: () => 0,
  clear: async () => null,
  restore: async () => undefined,
  problemFor: () => null,
  saveState: 'saved',
  retrySave: () => undefined,
  version: null,
  beingSent: {},
};

const DraftEngine = deferred(
  () => import('./draft-engine').then((module) => module.DraftEngine),
  () => null,
);

/**
 * The month view's decision draft, from a form (react-hook-form + zod) whose code loads after the
 * page hydrates, so the month view's first load stays within its budget (bench: JS per route).
 * Until it has loaded the draft is not ready: decision controls are disabled, selecting works.
 * Render `engine` once, anywhere under the component that uses the draft.
 */
export function useDeferredDecisionDraft(): { draft: DecisionDraft; engine: ReactNode } {
  const [draft, setDraft] = useState<DecisionDraft>(PENDING_DRAFT);
  return { draft, engine: <DraftEngine onDraft={setDraft} /> };
}
