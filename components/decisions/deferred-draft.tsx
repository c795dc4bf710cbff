'use client';

import { type ReactNode, useMemo, useState } from 'react';
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
  // One element for the component's life: the form is not rendered again on every render of the
  // month view's workspace (a sort or a filter click), only when its own state changes.
  const engine = useMemo(() => <DraftEngine onDraft={setDraft} />, []);
  return { draft, engine };
}
