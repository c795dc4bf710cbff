import 'server-only';
import type { BatchView } from '../../decisions/batch';
import type { DraftEntry } from '../../decisions/draft';
import { logger } from '../../log';
import type { Viewer } from '../auth/session';
import type { ClientScope } from '../clients/scope';
import { batchIdByKey } from './batch-records';
import { entriesByClient, partKey } from './client-parts';
import { renewBatchKey } from './drafts';
import {
  type ApprovalVerdict,
  approvalOf,
  approvalRequired,
  awaitSettled,
  type CheckedPart,
  checkDraft,
  earliestWithin,
  refuseHeldRenewals,
  type SendInput,
  sendChecked,
  sendDraft,
} from './send';

/**
 * Sends a reviewed draft with one batch per client (spec: Authentication 1, a key is one client's;
 * Endpoints 10, a batch is atomic): each client's decisions go as a batch of their own, posted with
 * that client's key, atomic by itself. A draft of one client is the one batch it always was.
 *
 * Everything that can refuse the whole draft is checked before any batch leaves: the draft's key,
 * the decisions themselves, the drop confirmations, renewals already being sent, and the approval
 * policy of each client (a part that needs approval the sender did not ask for refuses the send).
 * Each client's batch has a key derived from the draft's, so sending the same draft again answers
 * with the same batches and posts nothing twice.
 */
export async function sendDraftPerClient(
  actor: Viewer,
  input: SendInput,
  requestId: string,
  scope: ClientScope,
): Promise<BatchView[]> {
  const earlier = await claimedFor(input.batchKey, scope);
  if (earlier.length > 0) return Promise.all(earlier.map(awaitSettled));
  let parts: Map<string, DraftEntry[]>;
  try {
    const entries = await checkDraft(actor.userId, input);
    await refuseHeldRenewals(entries);
    parts = await entriesByClient(entries, scope);
  } catch (error) {
    // The same draft sent a moment ago from another tab or instance, whose batch claimed the key
    // after the look-up above (its renewals now show as being sent, or it cleared the draft): its
    // batches are this send's answer too, a one-client draft's whole batch as much as the parts.
    const raced = await claimedFor(input.batchKey, scope);
    if (raced.length > 0) return Promise.all(raced.map(awaitSettled));
    throw error;
  }
  if (parts.size <= 1) {
    const [only] = parts;
    // Nothing to place (an empty draft): refused by sendDraft's checks, as ever.
    if (!only) return [await sendDraft(actor, input, requestId, scope)];
    // One client's draft: the one batch it always was, under the draft's own key, on the checks
    // above (sendChecked judges it on the approval policy).
    const [connection, entries] = only;
    const part = { ...input, key: input.batchKey, connection, entries: earliestWithin(entries, input.limit) };
    return [await sendChecked(actor, part, requestId)];
  }

  const checked: { part: CheckedPart; verdict: ApprovalVerdict }[] = [];
  for (const [connection, entries] of parts) {
    const part: CheckedPart = {
      ...input,
      key: partKey(input.batchKey, connection),
      connection,
      entries: earliestWithin(entries, input.limit),
    };
    const verdict = await approvalOf(part, requestId);
    if (verdict.reasons.length > 0 && !input.requestApproval)
      throw approvalRequired(verdict.entries, verdict.reasons);
    checked.push({ part, verdict });
  }
  const batches: BatchView[] = [];
  for (const { part, verdict } of checked) {
    try {
      // Sent on the read it was judged on: each part's renewals are read from the service once.
      batches.push(await sendChecked(actor, part, requestId, verdict));
    } catch (error) {
      // Nothing of this client's part was claimed: its decisions stay in the draft. What went
      // before is sent; the answer says so, and the rest can be sent again.
      if (batches.length === 0) throw error;
      logger.warn(
        { err: error, requestId, connection: part.connection },
        'a client’s batch could not be sent',
      );
      break;
    }
  }
  // The decisions left in the draft (refused, or not sent) go again only as new batches.
  await renewBatchKey(actor.userId, input.batchKey);
  return batches;
}

/**
 * The batches already claimed for a draft's key: its per-client batches in the order of the
 * clients, or the one batch of a draft of one client (claimed under the key itself).
 */
async function claimedFor(batchKey: string, scope: ClientScope): Promise<string[]> {
  const ids = await Promise.all(scope.clients.map((client) => batchIdByKey(partKey(batchKey, client.id))));
  const parts = ids.filter((id): id is string => id !== null);
  if (parts.length > 0) return parts;
  const whole = await batchIdByKey(batchKey);
  return whole ? [whole] : [];
}
