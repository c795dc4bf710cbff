import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dropSaving, instructionBatch, instructionBatchItem } from '@/lib/db/schema';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { loadSavings } from '@/lib/server/decisions/drop-savings';
import { loadManagerSection } from '@/lib/server/today/manager';
import { setUpTwoClients } from './client-grants';

/**
 * Records kept in our own database about one client's patents stay that client's (spec: rule 2),
 * for users granted only the other client: what DROPs saved (Today and Scenarios). The paralegal,
 * the manager and the administrator work for the second client only; finance works for every
 * client.
 */

const SECOND = 'second';
const TODAY = '2026-03-15';
const NOW = new Date(`${TODAY}T10:00:00Z`);
const app = setUpTwoClients({
  first: { patents: 30, seed: 41 },
  second: { patents: 30, seed: 42 },
  secondClient: 'Second',
  sync: true,
  today: TODAY,
  // The administrator grants itself last: it grants the others first.
  grants: { paralegal: [SECOND], manager: [SECOND], admin: [SECOND] },
});

describe('what DROPs saved, for a manager granted the second client only', () => {
  /** One executed DROP of a client's, sparing one renewal due in 2026 at this amount in EUR. */
  async function executedDrop(connection: string, amount: string): Promise<void> {
    const db = app.harness.database.db;
    const [batch] = await db
      .insert(instructionBatch)
      .values({ connection, idempotencyKey: randomUUID(), state: 'executed', eventCount: 1 })
      .returning({ id: instructionBatch.id });
    const batchId = batch?.id as string;
    const eventId = `drop-${connection}`;
    await db.insert(instructionBatchItem).values({
      batchId,
      position: 0,
      eventId,
      patentId: `patent-${connection}`,
      decision: 'DROP',
      dueDate: '2026-09-30',
      outcome: 'executed',
    });
    await db.insert(dropSaving).values({
      batchId,
      eventId,
      sparedEventId: eventId,
      patentId: `patent-${connection}`,
      dueDate: '2026-09-30',
      currency: 'EUR',
      amount,
    });
  }

  it('counts their client’s DROPs only, on Today and on Scenarios', async () => {
    await executedDrop(DEFAULT_CONNECTION, '241.16');
    await executedDrop(SECOND, '100.00');
    const scope = await clientScopeOf(app.harness.users.manager.id);
    expect(scope.connections).toEqual([SECOND]);

    // Scenarios' "Saved by DROPs so far".
    const saved = await loadSavings(scope.connections);
    expect(saved.patents).toBe(1);
    expect(saved.years).toEqual([
      { year: 2026, totals: [expect.objectContaining({ currency: 'EUR', total: '100.00' })] },
    ]);

    // Today's "Saved by DROPs".
    const today = await loadManagerSection({
      buckets: null,
      rows: null,
      windows: [],
      invoices: null,
      today: TODAY,
      now: NOW,
      requestId: 'savings-today',
      clients: { connections: scope.connections, labelOf: () => undefined },
    });
    expect(today.savings).toEqual([
      { year: 2026, totals: [expect.objectContaining({ currency: 'EUR', total: '100.00' })] },
    ]);
  });
});
