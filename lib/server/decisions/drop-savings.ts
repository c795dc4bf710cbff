import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { type CurrencyTotal, sumByCurrency } from '../../annuity/money';
import { getDb } from '../../db';
import { dropSaving, forecastEvent, instructionBatch, instructionBatchItem } from '../../db/schema';
import type { BatchView } from '../../decisions/batch';
import { isExcluded } from '../../forecast/aggregate';

/**
 * Fees avoided by DROPs. When a batch reaches the service, each DROP's spared renewals are kept
 * with their estimates as the forecast holds them then (the renewal dropped and the patent's later
 * ones not already decided; the dropped one from the batch's own estimate when the forecast does
 * not hold it, e.g. in its grace period). They count as saved once the item is executed: a DROP
 * refused or not confirmed saves nothing. Per year of the spared renewal's due date and per
 * currency, never converted.
 */
export async function recordDropSavings(batch: BatchView): Promise<number> {
  const drops = batch.items.filter((item) => item.decision === 'DROP' && item.dueDate !== null);
  if (drops.length === 0) return 0;
  const db = await getDb();
  const forecast = await db
    .select()
    .from(forecastEvent)
    .where(inArray(forecastEvent.patentId, [...new Set(drops.map((item) => item.patentId))]));
  const rows = drops.flatMap((item) => {
    const dueFrom = item.dueDate as string;
    const later = forecast.filter(
      (event) =>
        event.patentId === item.patentId &&
        event.dueDate >= dueFrom &&
        (event.eventId === item.eventId || !isExcluded(event)) &&
        event.currency !== null &&
        event.total !== null,
    );
    const own =
      later.some((event) => event.eventId === item.eventId) || !item.estimate?.amount
        ? []
        : [
            {
              eventId: item.eventId,
              dueDate: dueFrom,
              currency: item.estimate.currency,
              total: item.estimate.amount,
            },
          ];
    return [...own, ...later].map((event) => ({
      batchId: batch.id,
      eventId: item.eventId,
      sparedEventId: event.eventId,
      patentId: item.patentId,
      dueDate: event.dueDate,
      currency: event.currency as string,
      amount: event.total as string,
    }));
  });
  if (rows.length === 0) return 0;
  // Recorded once per batch: a re-send or a later check keeps what the forecast said first.
  await db.insert(dropSaving).values(rows).onConflictDoNothing();
  return rows.length;
}

interface SavingsYear {
  year: number;
  totals: CurrencyTotal[];
}

export interface Savings {
  years: SavingsYear[];
  /** Patents dropped with an executed DROP that spared something. */
  patents: number;
}

/**
 * The fees executed DROPs of these clients' batches avoided (the viewer's scope: another client's
 * savings are its own, spec: rule 2), per year of the spared renewals and currency.
 */
export async function loadSavings(connections: readonly string[]): Promise<Savings> {
  if (connections.length === 0) return { years: [], patents: 0 };
  const db = await getDb();
  const rows = await db
    .select({
      dueDate: dropSaving.dueDate,
      currency: dropSaving.currency,
      amount: dropSaving.amount,
      patentId: dropSaving.patentId,
    })
    .from(dropSaving)
    .innerJoin(
      instructionBatchItem,
      and(
        eq(instructionBatchItem.batchId, dropSaving.batchId),
        eq(instructionBatchItem.eventId, dropSaving.eventId),
      ),
    )
    .innerJoin(instructionBatch, eq(instructionBatch.id, dropSaving.batchId))
    .where(
      and(
        eq(instructionBatchItem.outcome, 'executed'),
        inArray(instructionBatch.connection, [...connections]),
      ),
    );
  const byYear = new Map<number, typeof rows>();
  for (const row of rows) {
    const year = Number(row.dueDate.slice(0, 4));
    const spared = byYear.get(year);
    if (spared) spared.push(row);
    else byYear.set(year, [row]);
  }
  return {
    years: [...byYear.entries()]
      .sort(([a], [b]) => a - b)
      .map(([year, spared]) => ({
        year,
        totals: sumByCurrency(spared.map((row) => ({ amount: row.amount, currency: row.currency }))),
      })),
    patents: new Set(rows.map((row) => row.patentId)).size,
  };
}
