import type { BatchView } from './batch';
import { BATCH_STATE } from './batch-states';

type Timed = Pick<BatchView, 'state' | 'createdAt' | 'postedAt' | 'createdByEmail' | 'approval'>;

/**
 * When a batch was sent: the moment its POST left for the service (`postedAt`, set just before
 * it), never the moment it was prepared. A batch held for approval is sent when a manager
 * approves it, so the two differ by however long it waited. Null while nothing has been sent.
 */
export function sentAt(batch: Pick<BatchView, 'postedAt'>): string | null {
  return batch.postedAt;
}

/**
 * One line for a batch's receipt: who prepared it and when it was sent, and the preparation time
 * too when the batch was not sent at once (it waited for approval, or is still waiting).
 */
export function describeBatchTimes(batch: Timed, format: (timestamp: string) => string): string {
  const by = batch.createdByEmail ?? 'unknown';
  const sent = sentAt(batch);
  if (sent === null) {
    const waiting =
      batch.state === BATCH_STATE.awaitingApproval
        ? ', not sent yet: it waits for approval'
        : batch.state === BATCH_STATE.returned
          ? ', never sent: it was sent back'
          : ', not sent yet';
    return `Prepared ${format(batch.createdAt)} by ${by}${waiting}`;
  }
  const prepared = format(batch.createdAt);
  const posted = format(sent);
  if (batch.approval) return `Sent ${posted}, on approval; prepared ${prepared} by ${by}`;
  return prepared === posted ? `Sent ${posted} by ${by}` : `Sent ${posted}; prepared ${prepared} by ${by}`;
}
