import 'server-only';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { logger } from '../../log';
import { endHoldsDecided } from '../reviews/holds';
import { refreshAfterBatch } from '../sync/after-write';
import { recordDropSavings } from './drop-savings';

/**
 * What follows a batch reaching the service (sent, approved, re-sent or checked): what its DROPs
 * spare is noted first, before the copy and later the forecast forget the dropped patents' future
 * renewals (./drop-savings.ts); then the copy reads the batch's months again (../sync/after-write.ts).
 * A decision sent for a renewal under review ends its hold ('decided', ../reviews/holds.ts).
 * A failure to note the savings or end a hold never fails the send.
 */
export async function afterSend(batch: BatchView, requestId: string): Promise<BatchView> {
  if (batch.state !== S.awaitingApproval && batch.state !== S.returned) {
    await recordDropSavings(batch).catch((error: unknown) =>
      logger.warn(
        { err: error, requestId, batchId: batch.id },
        'the savings of a batch could not be recorded',
      ),
    );
    if (batch.state !== S.rejected) {
      const sent = batch.items.filter((item) => item.outcome !== 'not_executed').map((item) => item.eventId);
      await endHoldsDecided(sent, batch.createdByEmail, requestId, [batch.connection]).catch(
        (error: unknown) =>
          logger.warn(
            { err: error, requestId, batchId: batch.id },
            'the review holds of a batch could not be ended',
          ),
      );
    }
  }
  return refreshAfterBatch(batch, requestId);
}
