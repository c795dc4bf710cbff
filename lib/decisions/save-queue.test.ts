import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem } from '@/lib/http/api-client';
import type { Draft, DraftEntry } from './draft';
import { createSaveQueue, currentDraftOf, type SaveState } from './save-queue';
import { draftEntry } from './testing';

/** A save the test answers by hand, so what happens while one is in flight can be checked. */
interface PendingSave {
  entries: DraftEntry[];
  basedOn: string | null;
  answer(draft: Draft): Promise<void>;
  fail(error: unknown): Promise<void>;
}

function harness(basedOn: string | null = 'v0') {
  const saves: PendingSave[] = [];
  const states: SaveState[] = [];
  const saved: Draft[] = [];
  const conflicts: Draft[] = [];
  const queue = createSaveQueue(
    {
      save: (entries, base) =>
        new Promise<Draft>((resolve, reject) => {
          saves.push({
            entries,
            basedOn: base,
            answer: async (draft) => {
              resolve(draft);
              await settle();
            },
            fail: async (error) => {
              reject(error);
              await settle();
            },
          });
        }),
      onSaved: (draft) => saved.push(draft),
      onConflict: (current) => conflicts.push(current),
      onState: (state) => states.push(state),
    },
    { basedOn, delayMs: 400 },
  );
  return { queue, saves, states, saved, conflicts };
}

/** Lets the queue's promise chain run (microtasks only, so fake timers do not hold it). */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

const draft = (batchKey: string, entries: DraftEntry[] = []): Draft => ({
  batchKey,
  entries,
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const one = [draftEntry()];
const two = [draftEntry(), draftEntry({ eventId: 'e-2', patentId: 'p-2' })];
const three = [...two, draftEntry({ eventId: 'e-3', patentId: 'p-3' })];
const conflict = (current: Draft) => new ApiProblem(409, { code: 'draft_changed_elsewhere', draft: current });

describe('the draft save queue', () => {
  it('sends one save at a time, each naming the version it edits', async () => {
    const { queue, saves, states } = harness('v0');
    void queue.flush(one);
    void queue.flush(two);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ entries: one, basedOn: 'v0' });

    await saves[0]?.answer(draft('v1', one));
    expect(saves).toHaveLength(2);
    expect(saves[1]).toMatchObject({ entries: two, basedOn: 'v1' });
    await saves[1]?.answer(draft('v2', two));
    expect(states).toEqual(['saved']);

    void queue.flush(three);
    expect(saves[2]?.basedOn).toBe('v2');
  });

  it('coalesces the saves queued during a save into the newest one', async () => {
    const { queue, saves, saved, states } = harness();
    const done = queue.flush(one);
    void queue.flush(two);
    void queue.flush(three);
    await saves[0]?.answer(draft('v1', one));
    expect(saves.map((save) => save.entries)).toEqual([one, three]);
    await saves[1]?.answer(draft('v2', three));
    await done;
    expect(saved.map((d) => d.batchKey)).toEqual(['v1', 'v2']);
    // "Saved" only once the last change is saved, not after each intermediate save.
    expect(states).toEqual(['saved']);
  });

  it('on a conflict shows the current draft, drops the queued edits and edits the current version', async () => {
    const { queue, saves, conflicts, states } = harness('v0');
    void queue.flush(one);
    void queue.flush(two);
    const current = draft('elsewhere', [draftEntry({ decision: 'SKIP_THIS_TIME' })]);
    await saves[0]?.fail(conflict(current));
    expect(conflicts).toEqual([current]);
    expect(states).toEqual(['conflict']);
    expect(saves).toHaveLength(1);

    void queue.flush(three);
    expect(saves[1]?.basedOn).toBe('elsewhere');
  });

  it('on a conflict, a change still waiting for its pause is not saved over the current draft', async () => {
    vi.useFakeTimers();
    try {
      const { queue, saves } = harness('v0');
      void queue.flush(one);
      queue.schedule(two);
      await saves[0]?.fail(conflict(draft('elsewhere')));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(saves).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the local edits when a save fails, and saves them again on retry', async () => {
    const { queue, saves, states, conflicts } = harness('v0');
    void queue.flush(two);
    await saves[0]?.fail(new ApiProblem(0, { code: 'network_error' }));
    expect(states).toEqual(['failed']);
    expect(conflicts).toEqual([]);

    // The retry sends the same edits, still based on the version they were made on.
    void queue.flush(two);
    expect(saves[1]).toMatchObject({ entries: two, basedOn: 'v0' });
    await saves[1]?.answer(draft('v1', two));
    expect(states).toEqual(['failed', 'saved']);
  });

  it('after a failed save, still sends the change queued behind it', async () => {
    const { queue, saves } = harness('v0');
    void queue.flush(one);
    void queue.flush(two);
    await saves[0]?.fail(new ApiProblem(500, { code: 'internal_error' }));
    expect(saves[1]).toMatchObject({ entries: two, basedOn: 'v0' });
  });

  describe('scheduling', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('says "saving" at once and saves the last change of a burst after the pause', async () => {
      const { queue, saves, states } = harness();
      queue.schedule(one);
      queue.schedule(two);
      expect(states).toEqual(['saving', 'saving']);
      await vi.advanceTimersByTimeAsync(399);
      expect(saves).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(saves.map((save) => save.entries)).toEqual([two]);
    });
  });

  it('edits the version loaded after it was made', () => {
    const { queue, saves } = harness(null);
    queue.rebase('loaded');
    void queue.flush(one);
    expect(saves[0]?.basedOn).toBe('loaded');
  });
});

describe('currentDraftOf', () => {
  it('reads the current draft from a 409 only', () => {
    const current = draft('k');
    expect(currentDraftOf(conflict(current))).toEqual(current);
    expect(currentDraftOf(new ApiProblem(409, { code: 'draft_changed' }))).toBeNull();
    expect(currentDraftOf(new ApiProblem(500, { draft: current }))).toBeNull();
    expect(currentDraftOf(new Error('offline'))).toBeNull();
  });
});

describe('saveNow (clearing the draft, undoing a clear)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves at once and drops a change still waiting for its pause, so the clear is not overwritten', async () => {
    const { queue, saves, states } = harness('v0');
    queue.schedule(two);
    const done = queue.saveNow([]);
    expect(saves.map((save) => save.entries)).toEqual([[]]);
    await saves[0]?.answer(draft('v1'));
    await done;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saves).toHaveLength(1);
    expect(states).toEqual(['saving', 'saving', 'saved']);
  });
});
