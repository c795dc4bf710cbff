import 'server-only';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { problemResponse } from '../errors/problem';
import { afterSend } from './after-send';
import { batchInScope } from './batch-records';

/**
 * A batch as our API answers it, the same for the first request and for any replay of the same
 * key: 201 executed, 200 settled by reconciliation, 202 outcome still open, and a problem with the
 * service's status when refused (the batch, with its per-event problems, rides along).
 */
export function batchResponse(batch: BatchView, requestId: string): Response {
  if (batch.state === S.rejected && batch.problem) {
    return problemResponse(
      {
        status: batch.problem.status >= 400 ? batch.problem.status : 409,
        code: batch.problem.code,
        title: batch.problem.title,
        detail: batch.problem.detail,
        requestId,
        extensions: { batch, events: batch.problem.events },
      },
      batch.problem.retryAfterSeconds ? { 'retry-after': String(batch.problem.retryAfterSeconds) } : {},
    );
  }
  const status = batch.state === S.executed ? 201 : batch.state === S.settled ? 200 : 202;
  return Response.json({ batch }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * The answer of an action on one stored batch of the request's clients (approve it, send it again,
 * check it with the service): another client's batch is not found (404) and the action does not
 * run; what the action leaves is followed up as every send is (afterSend).
 */
export async function batchActionResponse(
  batchId: string,
  connections: readonly string[],
  requestId: string,
  act: () => Promise<BatchView>,
): Promise<Response> {
  await batchInScope(batchId, connections);
  return batchResponse(await afterSend(await act(), requestId), requestId);
}
