import type { BatchView } from '@/lib/decisions/batch';
import type { EventProblem } from '@/lib/decisions/event-problems';
import { ApiProblem, apiFetch } from '@/lib/http/api-client';

export type SendResult =
  /** `others`: the other clients' batches of a draft sent per client (one batch per client). */
  | { kind: 'sent'; batch: BatchView; others?: BatchView[] }
  | {
      kind: 'refused';
      title: string;
      detail: string;
      requestId?: string;
      events: EventProblem[];
      batch: BatchView | null;
      code?: string;
      /** On batch_too_large: the largest part the service's refusal allows. */
      maxBatchSize?: number;
    };

/**
 * Sends the reviewed draft in two: what the approval policy does not hold now, the rest
 * for approval. `held` is the batch awaiting approval, null when the first did not go through
 * whole (the held decisions are then still in the draft). A refusal comes back as with sendBatch.
 */
export async function sendSplitBatch(input: {
  batchKey: string;
  dropConfirmations: { eventId: string; patentName: string; rationale: string }[];
  notes?: { eventId: string; note: string }[];
}): Promise<SendResult & { held?: BatchView | null }> {
  try {
    const { batch, held } = await apiFetch<{ batch: BatchView; held: BatchView | null }>(
      '/api/decisions/batches/split',
      { method: 'POST', json: input },
    );
    return { kind: 'sent', batch, held };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * Posts the reviewed draft under its batch key. A refusal (the service's or ours) comes back as
 * data with its per-renewal problems, so the review can mark each row; a network failure throws.
 */
export async function sendBatch(input: {
  batchKey: string;
  /** Each DROP's confirmation carries its reason (required by the server). */
  dropConfirmations: { eventId: string; patentName: string; rationale: string }[];
  /** Optional reasons for the other decisions. */
  notes?: { eventId: string; note: string }[];
  /** Submit for a manager's approval (a batch the policy holds is refused without). */
  requestApproval?: boolean;
  limit?: number;
}): Promise<SendResult> {
  try {
    const { batch, batches } = await apiFetch<{ batch: BatchView; batches?: BatchView[] }>(
      '/api/decisions/batches',
      { method: 'POST', json: input },
    );
    return { kind: 'sent', batch, others: (batches ?? []).filter((other) => other.id !== batch.id) };
  } catch (error) {
    return refusalOf(error);
  }
}

/** A refusal (the service's or ours) as data, with its per-renewal problems; a network failure throws. */
function refusalOf(error: unknown): SendResult {
  if (error instanceof ApiProblem && error.status !== 0) {
    const body = error.body as { events?: EventProblem[]; batch?: BatchView };
    return {
      kind: 'refused',
      title: error.body.title ?? 'Not sent',
      detail: error.message,
      requestId: error.requestId,
      code: error.code,
      events: body.events ?? [],
      batch: body.batch ?? null,
      maxBatchSize: body.batch?.problem?.maxBatchSize,
    };
  }
  throw error;
}
