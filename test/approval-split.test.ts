import { describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { jsonRequest } from './app-harness';
import { getDraftAs, putDraftAs, setUpDeciding, takeOpenEvent } from './draft-fixtures';

/**
 * One DROP must not hold the whole batch: a draft the approval policy holds only in part is
 * sent in two through /api/decisions/batches/split. The PROCEEDs reach the service at once; the
 * DROP waits for a manager and reaches the service only when approved. Counted at the service.
 */
const deciding = setUpDeciding({ name: 'splitter', patents: 300, seed: 2727 });
const used = new Set<string>();

const openEvent = (decision: string) => takeOpenEvent(deciding.events, used, decision);

const name = (event: PatentEvent) => event.patent.providerId ?? event.patent.id;

async function split(body: Record<string, unknown>) {
  const { POST } = await import('@/app/api/decisions/batches/split/route');
  const response = await POST(
    jsonRequest('/api/decisions/batches/split', { method: 'POST', cookie: deciding.paralegal, body }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { batch?: BatchView; held?: BatchView | null; code?: string },
  };
}

describe('sending the decisions that need no approval now, the rest for approval', () => {
  it('sends the PROCEEDs at once and submits the DROP alone for approval', async () => {
    const proceeds = [openEvent('PROCEED'), openEvent('PROCEED')];
    const drop = openEvent('DROP');
    const draft = await putDraftAs(deciding.paralegal, [
      ...proceeds.map((event) => draftEntryOf(event, 'PROCEED')),
      draftEntryOf(drop, 'DROP'),
    ]);
    await deciding.up.resetUsage();
    const answer = await split({
      batchKey: draft.batchKey,
      dropConfirmations: [{ eventId: drop.id, patentName: name(drop), rationale: 'Out of the market' }],
      notes: [{ eventId: proceeds[0]?.id, note: 'Core patent' }],
    });
    expect(answer.status).toBe(201);
    const { batch, held } = answer.body;
    expect(batch?.state).toBe('executed');
    expect(batch?.items.map((item) => item.eventId).sort()).toEqual(proceeds.map((event) => event.id).sort());
    expect(batch?.items.find((item) => item.eventId === proceeds[0]?.id)?.rationale).toBe('Core patent');
    expect(held?.state).toBe('awaiting_approval');
    expect(held?.items.map((item) => item.eventId)).toEqual([drop.id]);
    expect(held?.items[0]?.rationale).toBe('Out of the market');
    expect(held?.approval?.reasons).toEqual([{ kind: 'drop', eventId: drop.id }]);
    // One POST reached the service: the PROCEEDs'. The DROP waits.
    expect(await deciding.up.calls('postPatentInstructions')).toBe(1);
    // The DROP stays in the draft while it waits, as any batch awaiting approval does.
    expect((await getDraftAs(deciding.paralegal)).entries.map((entry) => entry.eventId)).toEqual([drop.id]);
  });

  it('refuses a draft with nothing to split, and leaves it as it was', async () => {
    const drop = openEvent('DROP');
    const draft = await putDraftAs(deciding.paralegal, [draftEntryOf(drop, 'DROP')]);
    const answer = await split({
      batchKey: draft.batchKey,
      dropConfirmations: [{ eventId: drop.id, patentName: name(drop), rationale: 'Out of the market' }],
    });
    expect(answer.status).toBe(409);
    expect((await getDraftAs(deciding.paralegal)).batchKey).toBe(draft.batchKey);
  });

  it('refuses a review of an older draft (the batch key no longer names it)', async () => {
    const answer = await split({ batchKey: '00000000-0000-4000-8000-000000000000' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('draft_changed');
  });
});
