import { ApiProblem } from '@/lib/http/api-client';
import type { Draft, DraftEntry } from './draft';

/**
 * How one tab saves its draft of decisions: one save at a time, each naming the version of the
 * draft it edits, so a stale tab cannot overwrite decisions changed (or sent) elsewhere. Kept free
 * of React and zod: the month view's hook (components/decisions/use-decision-draft.ts) drives it.
 */

/** 'conflict': the draft changed elsewhere; the current one was loaded in its place. */
export type SaveState = 'saved' | 'saving' | 'failed' | 'conflict';

export interface SaveQueueHandlers {
  /** Saves `entries` as a new version of `basedOn`; a 409 carrying the current draft if it changed. */
  save(entries: DraftEntry[], basedOn: string | null): Promise<Draft>;
  /** The server now holds `draft`, written by this tab. */
  onSaved(draft: Draft): void;
  /** The draft changed elsewhere: `current` replaces this tab's edits. */
  onConflict(current: Draft): void;
  onState(state: SaveState): void;
}

export interface SaveQueue {
  /** Saves after `delayMs` without a newer change (a burst of clicks is one save). */
  schedule(entries: DraftEntry[]): void;
  /** Saves now, or after the save in flight; resolves once nothing is left to save. */
  flush(entries: DraftEntry[]): Promise<void>;
  /**
   * A change that must not wait for the pause (clearing the draft, undoing that): drops a save
   * still waiting for its pause, since `entries` replaces it, says "saving", then flushes.
   */
  saveNow(entries: DraftEntry[]): Promise<void>;
  /** The draft was loaded after the queue was made: its version is the one edited from now on. */
  rebase(batchKey: string | null): void;
}

/** The current draft, when `error` is the server's answer that the draft changed elsewhere. */
export function currentDraftOf(error: unknown): Draft | null {
  if (!(error instanceof ApiProblem) || error.status !== 409) return null;
  return (error.body.draft as Draft | undefined) ?? null;
}

export function createSaveQueue(
  handlers: SaveQueueHandlers,
  options: { basedOn: string | null; delayMs: number },
): SaveQueue {
  let basedOn = options.basedOn;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The newest entries not sent yet; saves queued during a save coalesce into the last one. */
  let pending: DraftEntry[] | null = null;
  let running: Promise<void> | null = null;

  function cancelScheduled() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  async function saveOnce(entries: DraftEntry[]): Promise<void> {
    try {
      const saved = await handlers.save(entries, basedOn);
      basedOn = saved.batchKey;
      handlers.onSaved(saved);
      if (!pending) handlers.onState('saved');
    } catch (error) {
      const current = currentDraftOf(error);
      // Any other failure keeps this tab's edits as they are, to be saved again.
      if (!current) return handlers.onState('failed');
      // Changed in another tab, or sent: show what is current rather than overwrite it, and drop
      // the edits made on top of the older version.
      pending = null;
      cancelScheduled();
      basedOn = current.batchKey;
      handlers.onConflict(current);
      handlers.onState('conflict');
    }
  }

  async function drain(): Promise<void> {
    try {
      while (pending) {
        const next = pending;
        pending = null;
        await saveOnce(next);
      }
    } finally {
      running = null;
    }
  }

  function flush(entries: DraftEntry[]): Promise<void> {
    pending = entries;
    running ??= drain();
    return running;
  }

  return {
    schedule(entries) {
      cancelScheduled();
      handlers.onState('saving');
      timer = setTimeout(() => {
        timer = null;
        void flush(entries);
      }, options.delayMs);
    },
    flush,
    saveNow(entries) {
      cancelScheduled();
      handlers.onState('saving');
      return flush(entries);
    },
    rebase(batchKey) {
      basedOn = batchKey;
    },
  };
}
