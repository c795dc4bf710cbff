import type { DraftEntry } from './draft';

/**
 * "Clear draft" can be undone, also after leaving the month view and coming back. The
 * draft itself lives on the server per user and the clear is saved there like any change, so the
 * decisions it removed are kept in the tab's sessionStorage until the user undoes, dismisses, or
 * chooses again. They are offered back only while the server's draft is still the very version the
 * clear produced (`version`, its batchKey, which changes on every save): a draft changed in another
 * tab, sent, or belonging to someone who signed in after in this tab never gets them. The tab's
 * storage ends with the tab; nothing here outlives it.
 */

export const CLEARED_DRAFT_STORAGE_KEY = 'annuity-console:cleared-draft';

export interface ClearedDraft {
  entries: DraftEntry[];
  /** The version of the draft that was cleared, then that of the empty draft the clear saved. */
  version: string | null;
  /** True until the clear's own save has answered (the version is still the cleared one). */
  awaitingSave: boolean;
  /**
   * The page load that cleared: only it can still see the save answer, so a record left waiting
   * by a reload in the middle of that save is never trusted by a later page.
   */
  page: string;
}

/** The part of Storage this needs (sessionStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readCleared(store: KeyValueStore | null): ClearedDraft | null {
  if (!store) return null;
  try {
    const raw = store.getItem(CLEARED_DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ClearedDraft>;
    if (!Array.isArray(value.entries) || typeof value.awaitingSave !== 'boolean') return null;
    return {
      entries: value.entries,
      version: typeof value.version === 'string' ? value.version : null,
      awaitingSave: value.awaitingSave,
      page: typeof value.page === 'string' ? value.page : '',
    };
  } catch {
    return null;
  }
}

function write(store: KeyValueStore | null, value: ClearedDraft | null): void {
  if (!store) return;
  try {
    if (value) store.setItem(CLEARED_DRAFT_STORAGE_KEY, JSON.stringify(value));
    else store.removeItem(CLEARED_DRAFT_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the undo then lasts as long as the page, which still holds it.
  }
}

/** Keeps what a clear removes, naming the version of the draft it was cleared from. */
export function rememberCleared(
  store: KeyValueStore | null,
  entries: readonly DraftEntry[],
  version: string | null,
  page: string,
): ClearedDraft {
  const value = { entries: [...entries], version, awaitingSave: true, page };
  write(store, value);
  return value;
}

export function forgetCleared(store: KeyValueStore | null): void {
  write(store, null);
}

/**
 * The clear's own save answered with `savedVersion`: from now on only that empty version of the
 * draft may take the entries back. Called when the save resolves, even if the month view has been
 * left meanwhile, so the undo is there on return.
 */
export function settleCleared(store: KeyValueStore | null, savedVersion: string | null): ClearedDraft | null {
  const cleared = readCleared(store);
  if (!cleared?.awaitingSave) return cleared;
  // The save did not go through (the version did not move): the server still holds the decisions,
  // and this page keeps the undo while the user retries.
  if (savedVersion === null || savedVersion === cleared.version) return cleared;
  const settled = { ...cleared, version: savedVersion, awaitingSave: false };
  write(store, settled);
  return settled;
}

/** What the draft looks like to the undo: its saved version, its entries, how its save stands. */
export interface DraftState {
  version: string | null;
  count: number;
  saveState: 'saved' | 'saving' | 'failed' | 'conflict';
}

/**
 * The cleared decisions while the draft is `draft`: still offered for undo, or null (and
 * forgotten) once the draft is no longer the empty one the clear made.
 */
export function followDraft(
  store: KeyValueStore | null,
  draft: DraftState,
  page: string,
): ClearedDraft | null {
  const cleared = readCleared(store);
  if (!cleared) return null;
  // Until the server has answered, the decisions may exist only here (an undo being saved, or a
  // save that failed and waits for its retry): keep them.
  if (draft.saveState === 'saving' || draft.saveState === 'failed') return cleared;
  // The version names one user's draft: another user, another tab's edit or a sent batch differ.
  // While the clear's save is on its way the draft moves from the cleared version to the saved one.
  const sameDraft = cleared.awaitingSave ? cleared.page === page : draft.version === cleared.version;
  if (draft.count > 0 || draft.saveState === 'conflict' || !sameDraft) {
    write(store, null);
    return null;
  }
  return cleared;
}
