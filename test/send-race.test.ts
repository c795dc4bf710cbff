import { describe, expect, it, vi } from 'vitest';
import type { BatchView } from '@/lib/decisions/batch';
import { draftEntryOf } from '@/lib/decisions/testing';
import { jsonRequest } from './app-harness';
import { putDraftAs, setUpDeciding, takeOpenEvent } from './draft-fixtures';

/**
 * Two sends of one draft at the same moment, through two instances: the second looked for the
 * key's batch just before the first claimed it, then found the draft already sent (spec: Endpoints
 * 10, the batch key as idempotency key). Its answer is the first one's batch, never a refusal.
 * The look-up that comes too early is played by letting one look-up of the key miss.
 */
const missed = vi.hoisted(() => ({ key: null as string | null }));

vi.mock('@/lib/server/decisions/batch-records', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/server/decisions/batch-records')>();
  return {
    ...actual,
    batchIdByKey: async (key: string) => {
      if (key === missed.key) {
        missed.key = null;
        return null;
      }
      return actual.batchIdByKey(key);
    },
  };
});

const deciding = setUpDeciding({ name: 'send-race', patents: 200, seed: 9107 });

async function send(batchKey: string): Promise<{ status: number; batch?: BatchView; code?: string }> {
  const { POST } = await import('@/app/api/decisions/batches/route');
  const response = await POST(
    jsonRequest('/api/decisions/batches', {
      method: 'POST',
      cookie: deciding.paralegal,
      body: { batchKey, dropConfirmations: [] },
    }),
  );
  return { status: response.status, ...((await response.json()) as { batch?: BatchView; code?: string }) };
}

describe('a draft sent twice at once', () => {
  it('answers the second send with the first one’s batch when its look-up came just before the claim', async () => {
    const event = takeOpenEvent(deciding.events, new Set(), 'PROCEED');
    const draft = await putDraftAs(deciding.paralegal, [draftEntryOf(event, 'PROCEED')]);
    const first = await send(draft.batchKey);
    expect(first.status).toBe(201);
    await deciding.up.resetUsage();

    missed.key = draft.batchKey;
    const second = await send(draft.batchKey);
    expect(missed.key).toBeNull();
    expect(second.status).toBe(201);
    expect(second.batch?.id).toBe(first.batch?.id);
    expect(await deciding.up.calls('postPatentInstructions')).toBe(0);
  });
});
