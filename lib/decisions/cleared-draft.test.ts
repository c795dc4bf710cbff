import { describe, expect, it } from 'vitest';
import {
  CLEARED_DRAFT_STORAGE_KEY,
  followDraft,
  forgetCleared,
  type KeyValueStore,
  readCleared,
  rememberCleared,
  settleCleared,
} from './cleared-draft';
import { draftEntry } from './testing';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const entries = Array.from({ length: 98 }, (_, index) =>
  draftEntry({ eventId: `e-${index}`, patentId: `p-${index}` }),
);
const empty = (version: string | null, saveState: 'saved' | 'saving' | 'failed' | 'conflict' = 'saved') => ({
  version,
  count: 0,
  saveState,
});

describe('undoing "Clear draft"', () => {
  it('gives back every cleared decision, also to a later visit of the month view in the same tab', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    // The month view re-renders while the clear is being saved, then the save answers.
    expect(followDraft(store, empty('v1', 'saving'), 'page-1')?.entries).toHaveLength(98);
    settleCleared(store, 'v2');
    // The user went to Today and came back: a new page load reads the tab's copy.
    const back = followDraft(store, empty('v2'), 'page-2');
    expect(back?.entries).toEqual(entries);
  });

  it('keeps the copy while the clear is saved, whichever of the save answer or the new version comes first', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    expect(followDraft(store, empty('v2'), 'page-1')).not.toBeNull();
    expect(settleCleared(store, 'v2')?.awaitingSave).toBe(false);
    expect(followDraft(store, empty('v2'), 'page-1')).not.toBeNull();
  });

  it('never offers the decisions to another draft: another user in the tab, or a change from elsewhere', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    settleCleared(store, 'v2');
    expect(followDraft(store, empty('someone-else'), 'page-2')).toBeNull();
    expect(store.data.has(CLEARED_DRAFT_STORAGE_KEY)).toBe(false);

    rememberCleared(store, entries, 'v1', 'page-1');
    expect(followDraft(store, empty('v1', 'conflict'), 'page-1')).toBeNull();
  });

  it('does not trust a copy whose save a reload interrupted', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    expect(followDraft(store, empty('v9'), 'page-2')).toBeNull();
  });

  it('ends once a decision is chosen again, or the user dismisses it', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    settleCleared(store, 'v2');
    expect(followDraft(store, { version: 'v3', count: 1, saveState: 'saved' }, 'page-1')).toBeNull();

    rememberCleared(store, entries, 'v1', 'page-1');
    forgetCleared(store);
    expect(readCleared(store)).toBeNull();
  });

  it('keeps the copy while an undo or a retry has not been saved yet', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    settleCleared(store, 'v2');
    expect(followDraft(store, { version: 'v2', count: 98, saveState: 'saving' }, 'page-1')).not.toBeNull();
    expect(followDraft(store, { version: 'v2', count: 98, saveState: 'failed' }, 'page-1')).not.toBeNull();
    // Saved again: the decisions are on the server, the copy is no longer needed.
    expect(followDraft(store, { version: 'v3', count: 98, saveState: 'saved' }, 'page-1')).toBeNull();
  });

  it('keeps the undo when the clear could not be saved (the version did not move)', () => {
    const store = memoryStore();
    rememberCleared(store, entries, 'v1', 'page-1');
    expect(settleCleared(store, null)?.entries).toHaveLength(98);
    expect(followDraft(store, empty('v1', 'failed'), 'page-1')).not.toBeNull();
  });

  it('survives storage that is blocked or holds something else', () => {
    expect(rememberCleared(null, entries, 'v1', 'p').entries).toHaveLength(98);
    const store = memoryStore();
    store.setItem(CLEARED_DRAFT_STORAGE_KEY, 'not json');
    expect(readCleared(store)).toBeNull();
  });
});
